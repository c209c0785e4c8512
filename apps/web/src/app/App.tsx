import { Suspense, lazy, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/auth/store';
import { LoadingScreen } from '@/layout/LoadingScreen';

/**
 * /login opened directly, before sign-in, is drawn without antd and without the router: the sign-in page
 * is plain React, and what it needs of antd (its dialogs, a toast) loads when first used. Everything else
 * (and /login reached from inside the app) goes through the shell (antd, the router and the routes), which
 * loads as a chunk of its own; the workspace chunk is asked for at the same time, so the signed-in pages
 * do not wait for the shell before asking for it.
 */
const Shell = lazy(() => import('./Shell'));
const LoginPage = lazy(() => import('@/features/auth/LoginPage'));
const bareLogin = () => window.location.pathname === '/login' && !useSession.getState().token;
const loadShell = () => {
  void import('./Shell');
  void import('@/layout/Workspace');
};
if (!bareLogin()) {
  void import('./Shell');
  if (useSession.getState().token) void import('@/layout/Workspace');
}

/**
 * On the bare sign-in page the shell loads at the user's first key or click: by the time the form is
 * sent it is in, and a page that is only looked at (or measured) does not fetch it.
 */
function useShellOnIntent(bare: boolean) {
  useEffect(() => {
    if (!bare) return;
    const events = ['keydown', 'pointerdown'] as const;
    const load = () => {
      for (const e of events) window.removeEventListener(e, load, true);
      loadShell();
    };
    for (const e of events) window.addEventListener(e, load, true);
    return () => {
      for (const e of events) window.removeEventListener(e, load, true);
    };
  }, [bare]);
}

export function App() {
  const { i18n, t } = useTranslation();
  const [bare, setBare] = useState(bareLogin);
  useShellOnIntent(bare);
  // Signed in on the bare sign-in page: the shell takes over, at the workbench (as the routed page does);
  // as a transition, the sign-in page stays on screen until the shell's chunk is in.
  const signedIn = () => {
    window.history.replaceState(null, '', '/wel/index');
    startTransition(() => setBare(false));
  };
  useEffect(() => {
    document.title = t('app.title');
  }, [t, i18n.language]);
  return (
    <Suspense fallback={<LoadingScreen />}>{bare ? <LoginPage onSignedIn={signedIn} /> : <Shell />}</Suspense>
  );
}
