import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { useSession } from '@/shared/auth/store';
import { ensureSessionData } from '@/shared/auth/session';
import { menuRoutesQuery, topMenusQuery } from '@/shared/menu/menus';
import { preloadPage } from './registry';
import { loadChrome } from './chromeLoader';

/** The signed-in user, their buttons and profile: the layout shows nothing before they are in. */
export const sessionDataQuery = () =>
  queryOptions({
    queryKey: ['session-data'],
    // After a reload the session data is fetched again (the token survived in storage); right after the
    // sign-in page loaded it, it is not.
    queryFn: async () => (await ensureSessionData(), true),
    staleTime: Infinity,
  });

/**
 * A signed-in page opened or reloaded: what the layout waits for (the session data, the menus, the top
 * menus) and the page's own chunk are asked for as soon as the workspace's code is in, while the shell is
 * still being evaluated and drawn, instead of once the layout has mounted; the queries the page opens with
 * (its module's `opensWith`) as soon as its chunk is in, instead of once it has rendered. The workbench's
 * requests went out ~0.35 s after its scripts had arrived (four times that on a phone's CPU), its chunk
 * after the menus' answer, and its own data after both. Nothing is asked for without a token, or on the
 * sign-in page.
 */
export function prefetchWorkspace(client: QueryClient, pathname: string) {
  if (!useSession.getState().token || pathname === '/login') return;
  void client.prefetchQuery(sessionDataQuery());
  void client.prefetchQuery(menuRoutesQuery());
  void client.prefetchQuery(topMenusQuery());
  // The chrome's chunk after the page's: a module runs as soon as it is in, and the chrome's (~68 KB of
  // antd) running first held back the page's, and with it the page's own requests.
  void preloadPage(pathname)
    .then((page) => {
      for (const query of page?.opensWith?.() ?? []) void client.prefetchQuery(query);
    })
    .finally(() => void loadChrome());
}
