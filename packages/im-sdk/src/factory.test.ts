import { describe, expect, it } from 'vitest';
import { TEXT_MAX_BYTES, checkBeforeSend, createMessages } from './factory.js';
import { ERROR_CODE, TYPES } from './types.js';

const make = createMessages(() => ({ userID: 'me', nick: '', avatar: '', lang: 'en', now: () => 0 }));
const text = (t: string) =>
  make.createTextMessage({ to: 'peer', conversationType: TYPES.CONV_C2C, payload: { text: t } });
const code = (t: string) => {
  try {
    checkBeforeSend(text(t), 'en');
    return 0;
  } catch (e) {
    return (e as { code: number }).code;
  }
};

describe('text size check before sending', () => {
  it('counts UTF-8 bytes, not characters', () => {
    expect(code('x'.repeat(TEXT_MAX_BYTES))).toBe(0);
    expect(code('x'.repeat(TEXT_MAX_BYTES + 1))).toBe(ERROR_CODE.TEXT_TOO_LONG);
    // Three bytes each: 4,096 fit in 12 KB exactly, one more does not, though it is 4,097 characters.
    expect(code('汉'.repeat(TEXT_MAX_BYTES / 3))).toBe(0);
    expect(code('汉'.repeat(TEXT_MAX_BYTES / 3 + 1))).toBe(ERROR_CODE.TEXT_TOO_LONG);
    // Four bytes in two UTF-16 units.
    expect(code('😀'.repeat(TEXT_MAX_BYTES / 4))).toBe(0);
    expect(code('😀'.repeat(TEXT_MAX_BYTES / 4 + 1))).toBe(ERROR_CODE.TEXT_TOO_LONG);
  });
});
