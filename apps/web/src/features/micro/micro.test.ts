import { afterEach, describe, expect, it, vi } from 'vitest';
import { MICRO_APP_NAMES, parseMicroApps } from './apps';
import { EntryError, entryFetch, within } from './fetch';

describe('micro-app registry', () => {
  it('registers the sample and every sub-application of the spec at their conventional entries', () => {
    const { apps } = parseMicroApps(undefined);
    expect(Object.keys(apps)).toEqual([...MICRO_APP_NAMES]);
    for (const n of ['comments', 'product', 'finance', 'customer', 'transaction', 'cms', 'scrm'])
      expect(apps[n]).toBe(`/micro/${n}/index.html`);
    expect(apps.demo).toBe('/micro/demo/index.html');
  });

  it('takes name=entry pairs from the build setting over the defaults, refusing bad names and entries', () => {
    const { apps, rejected } = parseMicroApps(
      ' product=https://product.example.com/ , extra=/apps/extra/index.html,Bad Name=/x.html,nohtml=/micro/x/,=/a.html,js=javascript:alert(1)',
    );
    expect(apps.product).toBe('https://product.example.com/');
    expect(apps.extra).toBe('/apps/extra/index.html');
    expect(apps.finance).toBe('/micro/finance/index.html');
    expect(rejected).toEqual(['Bad Name=/x.html', 'nohtml=/micro/x/', '=/a.html', 'js=javascript:alert(1)']);
  });
});

describe('micro-app loading', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('treats an error status as a failed load, not as a page to run', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"code":404}', { status: 404 })),
    );
    await expect(entryFetch('/micro/finance/index.html')).rejects.toMatchObject({
      kind: 'status',
      message: '/micro/finance/index.html: HTTP 404',
    });
  });

  it('gives every file the chunk load time-out of 120000 ms', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      expect(init?.signal).toBeInstanceOf(AbortSignal);
      return new Response('<html></html>');
    });
    vi.stubGlobal('fetch', fetch);
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    await expect(entryFetch('/micro/demo/index.html')).resolves.toBeInstanceOf(Response);
    expect(timeout).toHaveBeenCalledWith(120_000);
  });

  it('fails a load that has not finished within the time-out', async () => {
    vi.useFakeTimers();
    const never = new Promise<void>(() => {});
    const result = within(never, 120_000).catch((e: unknown) => e);
    vi.advanceTimersByTime(120_000);
    const error = await result;
    expect(error).toBeInstanceOf(EntryError);
    expect((error as EntryError).kind).toBe('timeout');
  });
});
