import { describe, expect, it } from 'vitest';
import { capUnread, fileSize, initials, messageTime } from './format';

describe('chat display rules', () => {
  it('caps unread counts at 99+', () => {
    expect(capUnread(0)).toBe('0');
    expect(capUnread(99)).toBe('99');
    expect(capUnread(100)).toBe('99+');
    expect(capUnread(12_345)).toBe('99+');
  });

  it('shows bytes below 1024 and KB from 1024 on', () => {
    expect(fileSize(0)).toBe('0 B');
    expect(fileSize(1023)).toBe('1023 B');
    expect(fileSize(1024)).toBe('1.00 KB');
    expect(fileSize(1536)).toBe('1.50 KB');
    expect(fileSize(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(fileSize(undefined)).toBe('0 B');
  });

  it('takes the last two characters of the nickname as avatar initials', () => {
    expect(initials('王建国')).toBe('建国');
    expect(initials('Al')).toBe('Al');
    expect(initials('A')).toBe('A');
    expect(initials('')).toBe('');
    expect(initials(undefined)).toBe('');
    expect(initials('小王😀')).toBe('王😀');
  });

  it('shows the clock for today and the date for older messages', () => {
    const now = new Date(2026, 4, 20, 15, 0, 0).getTime();
    expect(messageTime(new Date(2026, 4, 20, 9, 5, 7).getTime() / 1000, now)).toBe('09:05:07');
    expect(messageTime(new Date(2026, 1, 3, 9, 5).getTime() / 1000, now)).toBe('02-03 09:05');
    expect(messageTime(new Date(2025, 11, 31, 23, 59).getTime() / 1000, now)).toBe('2025-12-31 23:59');
  });
});
