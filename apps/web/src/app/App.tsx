import { Suspense, lazy, startTransition, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigProvider, theme } from 'antd';
// antd's ES modules (antd/locale/* are its CommonJS copies, which would ship beside the ES ones antd uses).
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { themeConfig } from '@/shared/theme/themes';
import { useTheme } from '@/shared/theme/store';
import { useSession } from '@/shared/auth/store';
import { LoadingScreen } from '@/layout/LoadingScreen';

/**
 * /login opened directly, before sign-in, is drawn without the router: react-router is a tenth of the
 * sign-in page's JavaScript, and the page needs none of it. Everything else (and /login reached from
 * inside the app) goes through the router, which loads as a chunk of its own; the workspace chunk is
 * asked for at the same time, so the signed-in pages do not wait for the router before asking for it.
 */
const Routed = lazy(() => import('./Routed'));
const LoginPage = lazy(() => import('@/features/auth/LoginPage'));
const bareLogin = () => window.location.pathname === '/login' && !useSession.getState().token;
if (!bareLogin()) {
  void import('./Routed');
  if (useSession.getState().token) void import('@/layout/Workspace');
}

/**
 * The base text style antd's `App` would set (colour, size, line height, font of the theme), without
 * its modal and notification hooks: dialogs and toasts are antd's static ones (Modal.confirm through
 * shared/notify/confirm, message through shared/http toast), loaded when first used.
 */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      className="fc-app"
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

export function App() {
  const { i18n, t } = useTranslation();
  const [bare, setBare] = useState(bareLogin);
  // Signed in on the bare sign-in page: the router takes over, at the workbench (as the routed page does);
  // as a transition, the sign-in page stays on screen until the router's chunk is in.
  const signedIn = () => {
    window.history.replaceState(null, '', '/wel/index');
    startTransition(() => setBare(false));
  };
  const { name, color } = useTheme();
  useEffect(() => {
    document.title = t('app.title');
  }, [t, i18n.language]);
  return (
    <ConfigProvider theme={themeConfig(name, color)} locale={i18n.language === 'en' ? enUS : zhCN}>
      <BaseText>
        <Suspense fallback={<LoadingScreen />}>
          {bare ? <LoginPage onSignedIn={signedIn} /> : <Routed />}
        </Suspense>
      </BaseText>
    </ConfigProvider>
  );
}
