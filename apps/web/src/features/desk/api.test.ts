import { describe, expect, it } from 'vitest';
import { UNREAD_CAP as SERVER_CAP } from '@forecourt/contracts';
import { UNREAD_CAP, unreadText } from './api';

describe('unread notices', () => {
  it("caps where the server's count stops, and shows the cap as 99+", () => {
    expect(UNREAD_CAP).toBe(SERVER_CAP);
    expect(unreadText(0)).toBe(0);
    expect(unreadText(99)).toBe(99);
    expect(unreadText(100)).toBe('99+');
  });
});
