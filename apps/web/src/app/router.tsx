import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useSession } from '@/shared/auth/store';
import { LoadingScreen } from '@/layout/LoadingScreen';

// Each public page and the main layout are chunks of their own: /login loads only what it shows.
const MainLayout = lazy(() => import('@/layout/Workspace'));
const LoginPage = lazy(() => import('@/features/auth/LoginPage'));
const LockPage = lazy(() => import('@/features/auth/LockPage'));
const ErrorPage = lazy(() => import('@/features/errors/ErrorPage'));
const page = (node: ReactNode) => <Suspense fallback={<LoadingScreen />}>{node}</Suspense>;

/** Spec §2 guard: locked → /lock; signed in at /login → /; no token → /login (keeping where they wanted to go). */
function Guard({ children }: { children: ReactNode }) {
  const { token, locked } = useSession();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (locked) return <Navigate to="/lock" replace />;
  return children;
}

function PublicOnly({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  return token ? <Navigate to="/" replace /> : children;
}

/** The sign-in page reached inside the app: signed in, it goes to the workbench. */
function RoutedLogin() {
  const navigate = useNavigate();
  return <LoginPage onSignedIn={() => navigate('/wel/index', { replace: true })} />;
}

/** The routes (declarative mode: the data router's loaders and actions are not used, and weigh). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<PublicOnly>{page(<RoutedLogin />)}</PublicOnly>} />
      <Route path="/lock" element={page(<LockPage />)} />
      <Route path="/403" element={page(<ErrorPage code={403} />)} />
      <Route path="/404" element={page(<ErrorPage code={404} />)} />
      <Route path="/500" element={page(<ErrorPage code={500} />)} />
      <Route path="/" element={<Navigate to="/wel" replace />} />
      <Route path="/wel" element={<Navigate to="/wel/index" replace />} />
      <Route path="*" element={<Guard>{page(<MainLayout />)}</Guard>} />
    </Routes>
  );
}
