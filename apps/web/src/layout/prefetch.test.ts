import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { opensWith } from '@/features/desk/Workbench';
import { useSession } from '@/shared/auth/store';
import { menuRoutesQuery, topMenusQuery } from '@/shared/menu/menus';
import { prefetchWorkspace, sessionDataQuery } from './prefetch';
import { preloadPage } from './registry';
import { loadChrome } from './chromeLoader';
import { toast } from '@/shared/http/toast';

vi.mock('./registry', () => ({ preloadPage: vi.fn() }));
vi.mock('./chromeLoader', () => ({ loadChrome: vi.fn() }));
// A failed request's toast would load antd's message on first use: on a slow machine that import was
// still under way when the file ended (an unhandled teardown error). What is said is asserted instead.
vi.mock('@/shared/http/toast', () => ({
  TOAST: { duration: 2, top: 40, maxCount: 3 },
  loadToasts: vi.fn(),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

/** The query the workbench opens with, as its module names it. */
const pageQuery = () => opensWith()[0]!;

const ANSWERS: Record<string, unknown> = {
  '/api/blade-auth/oauth/user-info': { user_id: '1', account: 'admin', roles: ['administrator'] },
  '/api/blade-system/menu/buttons': [],
  '/api/blade-system/menu/routes': [{ id: 'm1', name: '工作台', path: '/wel/index', children: [] }],
  '/api/blade-system/menu/top-menu': [],
  '/api/blade-desk/workbench': { notices: [] },
};

/** Records what the browser is asked for and answers it as the server would. */
class FakeXhr {
  static sent: string[] = [];
  url = '';
  status = 0;
  responseText = '';
  responseType = '';
  timeout = 0;
  upload = {};
  onload?: () => void;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    const path = new URL(this.url, 'http://localhost').pathname;
    FakeXhr.sent.push(path);
    this.status = 200;
    this.responseText = JSON.stringify({ code: 200, success: true, data: ANSWERS[path] ?? null });
    setTimeout(() => this.onload?.(), 5);
  }
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.sent = [];
  vi.mocked(loadChrome).mockClear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(preloadPage)
    .mockClear()
    .mockImplementation(async () => ({ default: () => null, opensWith }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ token: undefined });
});

describe('a signed-in page opened or reloaded', () => {
  it('asks at once for what the layout waits for and the page code, then what the page opens with, each once', async () => {
    useSession.setState({ token: 'access-prefetch-1' });
    const client = newClient();
    prefetchWorkspace(client, '/wel/index');
    // Sent before anything is drawn: the layout has not mounted, nobody has asked yet.
    expect([...FakeXhr.sent].sort()).toEqual([
      '/api/blade-auth/oauth/user-info',
      '/api/blade-system/menu/buttons',
      '/api/blade-system/menu/routes',
      '/api/blade-system/menu/top-menu',
    ]);
    expect(preloadPage).toHaveBeenCalledWith('/wel/index');
    // The chrome's chunk once the page's is in: the page's code runs first.
    expect(loadChrome).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(loadChrome).toHaveBeenCalledOnce());
    // The page's own query as soon as its code is in, before the page is drawn.
    await vi.waitFor(() => expect(FakeXhr.sent).toContain('/api/blade-desk/workbench'));

    // The layout's and the page's own queries (the same options) find the answers in flight or in, and
    // ask nothing more.
    await Promise.all([
      client.fetchQuery(sessionDataQuery()),
      client.fetchQuery(menuRoutesQuery()),
      client.fetchQuery(topMenusQuery()),
      client.fetchQuery(pageQuery()),
    ]);
    // The page drawn a moment later: its query, mounted, takes the answer and does not ask again.
    const unsubscribe = new QueryObserver(client, pageQuery()).subscribe(() => undefined);
    await new Promise((r) => setTimeout(r, 20));
    unsubscribe();
    expect(FakeXhr.sent).toHaveLength(5);
    expect(client.getQueryData(menuRoutesQuery().queryKey)).toEqual(ANSWERS['/api/blade-system/menu/routes']);
    expect(client.getQueryData(pageQuery().queryKey)).toEqual({ notices: [] });
    expect(useSession.getState().user).toMatchObject({ account: 'admin' });
  });

  it('does not ask again, when the page is drawn, for an opening query that failed', async () => {
    useSession.setState({ token: 'access-prefetch-4' });
    const failing = vi.spyOn(FakeXhr.prototype, 'send').mockImplementation(function (this: FakeXhr) {
      const path = new URL(this.url, 'http://localhost').pathname;
      FakeXhr.sent.push(path);
      const down = path === '/api/blade-desk/workbench';
      this.status = down ? 500 : 200;
      this.responseText = JSON.stringify(
        down ? { code: 500, success: false, msg: 'boom' } : { code: 200, success: true, data: ANSWERS[path] },
      );
      setTimeout(() => this.onload?.(), 5);
    });
    try {
      const client = newClient();
      prefetchWorkspace(client, '/wel/index');
      await vi.waitFor(() => expect(client.getQueryState(pageQuery().queryKey)?.status).toBe('error'));
      const unsubscribe = new QueryObserver(client, pageQuery()).subscribe(() => undefined);
      await new Promise((r) => setTimeout(r, 20));
      unsubscribe();
    } finally {
      failing.mockRestore();
    }
    expect(FakeXhr.sent.filter((p) => p === '/api/blade-desk/workbench')).toHaveLength(1);
    // The failure is told once, with the server's words.
    expect(toast.error).toHaveBeenCalledOnce();
    expect(toast.error).toHaveBeenCalledWith('boom');
  });

  it('asks for the page code alone when the page names nothing it opens with', async () => {
    useSession.setState({ token: 'access-prefetch-3' });
    vi.mocked(preloadPage).mockImplementation(async () => ({ default: () => null }));
    prefetchWorkspace(newClient(), '/system/param');
    await new Promise((r) => setTimeout(r, 20));
    expect(preloadPage).toHaveBeenCalledWith('/system/param');
    expect(FakeXhr.sent).toHaveLength(4);
  });

  it('asks for nothing without a token (the sign-in page will be shown)', () => {
    useSession.setState({ token: undefined });
    prefetchWorkspace(newClient(), '/wel/index');
    expect(FakeXhr.sent).toEqual([]);
    expect(preloadPage).not.toHaveBeenCalled();
    expect(loadChrome).not.toHaveBeenCalled();
  });

  it('asks for nothing on the sign-in page, even with a token', () => {
    useSession.setState({ token: 'access-prefetch-2' });
    prefetchWorkspace(newClient(), '/login');
    expect(FakeXhr.sent).toEqual([]);
    expect(preloadPage).not.toHaveBeenCalled();
    expect(loadChrome).not.toHaveBeenCalled();
  });
});
