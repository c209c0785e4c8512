import { describe, expect, it } from 'vitest';
import { AMOUNT_PATTERN, checkMobile, isUrl, numberPattern } from './validators.js';

describe('spec §5 validators', () => {
  it('checks mobile numbers with the spec messages', () => {
    expect(checkMobile('')).toBe('mobile.empty');
    expect(checkMobile('   ')).toBe('mobile.empty');
    expect(checkMobile('1391234567')).toBe('mobile.length');
    expect(checkMobile('139123456789')).toBe('mobile.length');
    expect(checkMobile('1391234567a')).toBe('mobile.length');
    expect(checkMobile('23912345678')).toBe('mobile.pattern');
    expect(checkMobile('13912345678')).toBeNull();
  });

  it('accepts http and https URLs only', () => {
    expect(isUrl('https://cdn.example.com/a.png')).toBe(true);
    expect(isUrl('http://x.cn')).toBe(true);
    expect(isUrl('ftp://x.cn')).toBe(false);
    expect(isUrl('example.com')).toBe(false);
    expect(isUrl('')).toBe(false);
  });

  it('builds the n-integer, m-decimal number pattern without leading zeros', () => {
    const p = numberPattern(4, 2);
    for (const ok of ['0', '7', '1234', '12.5', '0.25', '9999.99']) expect(p.test(ok), ok).toBe(true);
    for (const bad of ['01', '12345', '1.234', '-1', '1.', '.5', 'abc']) expect(p.test(bad), bad).toBe(false);
  });

  it('allows 1 to 8 digits plus up to 2 decimals for amounts', () => {
    for (const ok of ['1', '12345678', '12345678.9', '0.01']) expect(AMOUNT_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['123456789', '1.001', '', '1,000']) expect(AMOUNT_PATTERN.test(bad), bad).toBe(false);
  });
});
