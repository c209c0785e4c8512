import { beforeEach, describe, expect, it } from 'vitest';
import { clearStore, getStore, setStore } from './index';

describe('browser storage entries', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('prefixes keys with the site key and stores dataType, content, type and datetime', () => {
    setStore('token', 'abc');
    const raw = JSON.parse(localStorage.getItem('forecourt-token')!);
    expect(raw).toMatchObject({ dataType: 'string', content: 'abc', type: 'local' });
    expect(typeof raw.datetime).toBe('number');
    setStore('isLock', true, true);
    expect(JSON.parse(sessionStorage.getItem('forecourt-isLock')!)).toMatchObject({
      dataType: 'boolean',
      type: 'session',
    });
    expect(getStore('isLock')).toBe(true);
  });

  it('clears the session on sign-out but keeps the preferences named', () => {
    setStore('token', 'abc');
    setStore('theme', 'dark');
    localStorage.setItem('someone-else', 'x');
    clearStore(['theme']);
    expect(getStore('token')).toBeUndefined();
    expect(getStore('theme')).toBe('dark');
    expect(localStorage.getItem('someone-else')).toBe('x');
  });
});
