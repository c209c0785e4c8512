import { describe, expect, it } from 'vitest';
import {
  AMOUNT_PATTERN,
  URL_OR_SITE_PATH_PATTERN,
  URL_PATTERN,
  checkMobile,
  isUrl,
  isUrlOrSitePath,
  numberPattern,
} from './validators.js';

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
    expect(isUrl('HTTPS://X.CN/a')).toBe(true);
    expect(isUrl('ftp://x.cn')).toBe(false);
    expect(isUrl('example.com')).toBe(false);
    expect(isUrl('')).toBe(false);
    // "Contains http" is not enough: the address must start with it.
    for (const bad of [
      'javascript:alert(1)//http://x',
      'javascript:fetch("http://evil")',
      'data:text/html,http://x',
      ' https://x.cn',
      'https://',
      'https://x.cn/a b',
      'http:/x.cn',
    ])
      expect(isUrl(bad), bad).toBe(false);
  });

  it('is the same check as the pattern server schemas use', () => {
    const re = new RegExp(URL_PATTERN, 'u');
    for (const v of ['https://a.cn/x.png', 'javascript:alert(1)//http://x', '/files/a.png', ''])
      expect(re.test(v), v).toBe(isUrl(v));
  });

  it('takes paths of this site where an upload answer may be stored, never another host', () => {
    expect(isUrlOrSitePath('/files/000000/1.png')).toBe(true);
    expect(isUrlOrSitePath('https://cdn.example.com/1.png')).toBe(true);
    for (const bad of [
      '//evil.example.com/x.png',
      '/\\evil.example.com',
      'javascript:alert(1)',
      'files/a.png',
      '',
    ])
      expect(isUrlOrSitePath(bad), bad).toBe(false);
    const re = new RegExp(URL_OR_SITE_PATH_PATTERN, 'u');
    for (const v of [
      '/files/a.png',
      '//evil.example.com',
      '/\\evil.example.com',
      'javascript:x',
      'http://a.cn',
    ])
      expect(re.test(v), v).toBe(isUrlOrSitePath(v));
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
