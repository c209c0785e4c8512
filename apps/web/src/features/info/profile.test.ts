import { describe, expect, it } from 'vitest';
import { avatarValid, profilePayload } from './profile';

describe('profile rules', () => {
  it('wants an avatar that starts with http:// or https:// (the contracts check), or none', () => {
    expect(avatarValid('https://cdn.example.com/a.png')).toBe(true);
    expect(avatarValid('')).toBe(true);
    expect(avatarValid(undefined)).toBe(true);
    expect(avatarValid('a.png')).toBe(false);
    expect(avatarValid(' https://cdn.example.com/a.png ')).toBe(true);
    expect(avatarValid('javascript:alert(1)//http://x')).toBe(false);
    expect(avatarValid('data:image/png;http://x')).toBe(false);
  });

  it('sends only the fields that are filled', () => {
    expect(profilePayload({ avatar: ' ', name: '小王', sex: 3 })).toEqual({ name: '小王', sex: 3 });
    expect(profilePayload({ avatar: 'http://x/a.png', name: '' })).toEqual({ avatar: 'http://x/a.png' });
  });
});
