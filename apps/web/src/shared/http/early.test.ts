import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { clearStore, setStore, SITE_KEY } from '../storage';
import { CLIENT_BASIC, HTTP_TIMEOUT } from './constants';
import { EARLY_GLOBAL, EARLY_SHELL, EARLY_WORKBENCH, earlyScript } from './early';
import { bindSession, http } from './index';
import { request } from './transport';

vi.mock('./transport', async (original) => ({
  ...(await original<typeof import('./transport')>()),
  request: vi.fn(),
}));
const sent = vi.mocked(request);

const envelope = (data: unknown) => JSON.stringify({ code: 200, success: true, data, msg: 'ok' });
/** The browser's fetch, answering every path with `status` and `body`. */
const fakeFetch = (status: number, body: string) =>
  vi.fn(async (_url: string, _init?: RequestInit) => ({ status, text: async () => body }));

let token: string | undefined;
/** Runs the page's script as the page does: its own text, with nothing of this module around it. */
const runPageScript = (urls: string[]) =>
  (new Function('window', earlyScript(urls, SITE_KEY, CLIENT_BASIC, HTTP_TIMEOUT)) as (w: Window) => void)(
    window,
  );

/** A signed-in page whose head asked for `urls`, the server answering each with a 200 of its own. */
const pageAsked = (urls = EARLY_SHELL) => {
  setStore('token', 'token-1');
  vi.stubGlobal('fetch', fakeFetch(200, envelope({ from: 'page' })));
  runPageScript(urls);
};

beforeEach(() => {
  clearStore();
  delete (window as unknown as Record<string, unknown>)[EARLY_GLOBAL];
  sent.mockReset();
  sent.mockResolvedValue({ status: 200, data: JSON.parse(envelope({ from: 'client' })) });
  token = 'token-1';
  bindSession({ token: () => token, onUnauthorized: () => undefined });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh');
});

describe("a signed-in page's early requests", () => {
  it('asks for each path with the headers the client sends, from the stored session and language', async () => {
    setStore('token', 'token-1');
    setStore('language', 'en');
    const fetch = fakeFetch(200, envelope({}));
    vi.stubGlobal('fetch', fetch);
    runPageScript([...EARLY_SHELL, ...EARLY_WORKBENCH]);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([...EARLY_SHELL, ...EARLY_WORKBENCH]);
    expect(fetch.mock.calls[0]![1]!.headers).toEqual({
      Accept: 'application/json, text/plain, */*',
      Authorization: CLIENT_BASIC,
      'Accept-Language': 'en',
      'Blade-Auth': 'bearer token-1',
    });
  });

  it('asks for nothing without a token, or while the screen is locked', () => {
    const fetch = fakeFetch(200, envelope({}));
    vi.stubGlobal('fetch', fetch);
    runPageScript(EARLY_SHELL);
    setStore('token', 'token-1');
    setStore('isLock', true, true);
    runPageScript(EARLY_SHELL);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers the client’s same GET from the early answer, once: the second asks the server itself', async () => {
    pageAsked();
    expect(await http.get('/api/blade-system/menu/routes')).toEqual({ from: 'page' });
    expect(sent).not.toHaveBeenCalled();
    expect(await http.get('/api/blade-system/menu/routes')).toEqual({ from: 'client' });
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('drops an early answer that is not a 200 (an expired token, a failure, no network) and asks again', async () => {
    setStore('token', 'token-1');
    vi.stubGlobal('fetch', fakeFetch(401, envelope(null)));
    runPageScript(['/api/blade-auth/oauth/user-info']);
    expect(await http.get('/api/blade-auth/oauth/user-info')).toEqual({ from: 'client' });
    expect(sent).toHaveBeenCalledTimes(1);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    runPageScript(['/api/blade-auth/oauth/user-info']);
    expect(await http.get('/api/blade-auth/oauth/user-info')).toEqual({ from: 'client' });
    expect(sent).toHaveBeenCalledTimes(2);
  });

  it('drops an answer asked with another token or in another language', async () => {
    pageAsked();
    token = 'token-2';
    expect(await http.get('/api/blade-system/menu/routes')).toEqual({ from: 'client' });
    token = 'token-1';
    await i18n.changeLanguage('en');
    expect(await http.get('/api/blade-system/menu/top-menu')).toEqual({ from: 'client' });
    expect(sent).toHaveBeenCalledTimes(2);
  });

  it('never answers a request of another shape: with parameters, headers, a body type or a cancelling of its own', async () => {
    pageAsked();
    await http.get('/api/blade-system/menu/routes', { params: { topMenuId: '7' } });
    await http.get('/api/blade-system/menu/top-menu', { headers: { 'Tenant-Id': '000000' } });
    await http.raw({ url: '/api/blade-auth/oauth/user-info', responseType: 'blob' });
    await http.get('/api/blade-system/menu/buttons', { signal: new AbortController().signal });
    expect(sent).toHaveBeenCalledTimes(4);
  });
});
