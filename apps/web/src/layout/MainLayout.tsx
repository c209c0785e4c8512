import {
  lazy,
  startTransition,
  useCallback,
  Suspense,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Button, Layout, theme } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/shared/auth/store';
import { flatten } from '@/shared/menu/tree';
import { useScreen } from '@/shared/hooks/screen';
import { LOOKS, isDarkColour } from '@/shared/theme/themes';
import { useTheme } from '@/shared/theme/store';
import { matchesMenu } from '@/layout/registry';
import { startTokenUpkeep } from '@/shared/auth/session';
import { useMenuRoutes, useTopMenus } from '@/shared/menu/menus';
import { TabHost } from './TabHost';
import { loadTabs, openTab } from './tabs';
import { ForcePasswordChange } from './ForcePasswordChange';
import { LoadingScreen } from './LoadingScreen';
import { sessionDataQuery } from './prefetch';
import { useSearchKey } from './searchKey';
import { chrome as chromeChunk } from './chromeLoader';

// The chrome's chunk is asked for once the page's is in (prefetch.ts), or here when it is first drawn (after a
// sign-in on the bare sign-in page); drawn at once when it is in (chromeLoader.ts).
const SideMenu = lazy(() => chromeChunk.lazy((m) => ({ default: m.SideMenu })));
const HeaderChrome = lazy(() => chromeChunk.lazy((m) => ({ default: m.HeaderChrome })));
const TabBar = lazy(() => chromeChunk.lazy((m) => ({ default: m.TabBar })));

/** The tab bar's top padding (`.fc-tabs` in global.css). */
const TAB_PADDING = 6;

/** Pages every signed-in user may open, menus or not (the dropdown's dashboard and user info). */
const ALWAYS = ['/wel/index', '/wel/dashboard', '/info/index'];
const CORE_LABELS: Record<string, { zh: string; en: string }> = {
  '/wel/index': { zh: '工作台', en: 'Workbench' },
  '/wel/dashboard': { zh: '仪表盘', en: 'Dashboard' },
  '/info/index': { zh: '个人信息', en: 'Personal info' },
};

export function MainLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const tier = useScreen();
  const { token: antdToken } = theme.useToken();
  const themeName = useTheme((s) => s.name);
  const userId = useSession((s) => s.user?.user_id);
  const [collapsed, setCollapsed] = useState(tier < 2);
  const [topMenuId, setTopMenuId] = useState<string>();
  const [searching, setSearching] = useState(false);
  const openSearch = useCallback(() => setSearching(true), []);
  useSearchKey(openSearch);

  useEffect(() => setCollapsed(tier < 2), [tier]);
  useEffect(() => startTokenUpkeep(), []);
  const session = useQuery(sessionDataQuery());
  const all = useMenuRoutes();
  const side = useMenuRoutes(topMenuId);
  const tops = useTopMenus();

  const menus = useMemo(
    () => flatten(all.data ?? []).filter((n) => n.path && !/^https?:/.test(n.path)),
    [all.data],
  );
  const pathname = location.pathname;
  const menu = menus.find((n) => matchesMenu(n.path!, pathname));
  const allowed = Boolean(menu) || ALWAYS.includes(pathname);

  useEffect(() => {
    if (userId) loadTabs(userId);
  }, [userId]);
  useEffect(() => {
    if (!allowed || menu?.meta?.notTab) return;
    const label = menu?.meta?.i18n
      ? { zh: menu.meta.i18n.zh ?? menu.name, en: menu.meta.i18n.en ?? menu.name }
      : (CORE_LABELS[pathname] ?? { zh: pathname, en: pathname });
    openTab({
      value: pathname + location.search,
      pattern: menu?.path ?? pathname,
      label,
      keepAlive: menu?.meta?.keepAlive,
    });
  }, [allowed, menu, pathname, location.search]);

  // The whole layout is built in a transition once the data is in: React renders it in small slices
  // instead of one long task, so the page keeps answering input while it appears (Lighthouse TBT).
  const ready = useDeferredValue(Boolean(session.data && all.data), false);
  // The chrome around the page (the side menu's items and the toolbar's buttons) is drawn in a second
  // pass, once the frame, the tab bar and the page are on screen. Drawn in one pass, its commit (every
  // antd component's styles inserted, then the tab bar measuring the whole new page) was the workbench's
  // longest task. Neither moves anything when it comes in: the side bar and the header keep their size.
  const [chrome, setChrome] = useState(false);
  useEffect(() => {
    if (ready && !chrome) startTransition(() => setChrome(true));
  }, [ready, chrome]);
  if (!session.data || !all.data) return <LoadingScreen />;
  if (!allowed) return <Navigate to="/404" replace />;
  if (!ready) return <LoadingScreen />;

  const look = LOOKS[themeName];
  const darkSider = isDarkColour(look.siderBg);
  return (
    // The shell is exactly the window: only the side menu and the page scroll, each on its own, so the top
    // bar and the tabs never leave the screen (a long menu used to scroll the whole window with it).
    <Layout style={{ height: '100dvh', overflow: 'hidden' }} data-theme={themeName}>
      <Layout.Sider
        className="fc-sider"
        collapsible
        collapsed={collapsed}
        trigger={null}
        width={220}
        collapsedWidth={tier === 0 ? 0 : 64}
        theme={darkSider ? 'dark' : 'light'}
      >
        <div
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: look.siderText,
            fontWeight: 600,
            fontSize: collapsed ? 16 : 18,
          }}
        >
          {collapsed ? 'F' : t('app.name')}
        </div>
        {/* On a phone the collapsed side bar is 0 px wide: its menu is drawn when it is opened, not laid out
            unseen on every load (nor reachable by Tab while hidden). */}
        {chrome && !(tier === 0 && collapsed) && (
          <Suspense fallback={null}>
            <SideMenu nodes={side.data ?? []} dark={darkSider} collapsed={collapsed} />
          </Suspense>
        )}
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            color: look.headerText,
            borderBottom: `1px solid ${antdToken.colorBorderSecondary}`,
          }}
        >
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed(!collapsed)}
            aria-label={t(collapsed ? 'nav.expand' : 'nav.collapse')}
            style={{ color: look.headerText }}
          />
          {chrome && (
            <Suspense fallback={null}>
              <HeaderChrome
                all={all.data}
                tops={tops.data}
                topMenuId={topMenuId}
                onTopMenu={setTopMenuId}
                tier={tier}
                color={look.headerText}
                searching={searching}
                onSearching={setSearching}
              />
            </Suspense>
          )}
        </Layout.Header>
        {/* The tab bar's height is kept before it is drawn, so the page does not move when it comes in: its
            top padding (global.css) and a small card tab as high as a control (38 px; 34 in a compact theme). */}
        <div className="fc-tab-slot" style={{ minHeight: TAB_PADDING + antdToken.controlHeight }}>
          {chrome && (
            <Suspense fallback={null}>
              <TabBar />
            </Suspense>
          )}
        </div>
        <Layout.Content className="fc-content" style={{ padding: tier === 0 ? 8 : 16 }}>
          <TabHost />
        </Layout.Content>
      </Layout>
      <ForcePasswordChange />
    </Layout>
  );
}
