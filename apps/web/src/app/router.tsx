import { type ReactNode } from 'react';
import { Navigate, createBrowserRouter, useLocation } from 'react-router';
import { useSession } from '@/shared/auth/store';
import { MainLayout } from '@/layout/MainLayout';
import LoginPage from '@/features/auth/LoginPage';
import LockPage from '@/features/auth/LockPage';
import ErrorPage from '@/features/errors/ErrorPage';

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

export const router = createBrowserRouter([
  {
    path: '/login',
    element: (
      <PublicOnly>
        <LoginPage />
      </PublicOnly>
    ),
  },
  { path: '/lock', element: <LockPage /> },
  { path: '/403', element: <ErrorPage code={403} /> },
  { path: '/404', element: <ErrorPage code={404} /> },
  { path: '/500', element: <ErrorPage code={500} /> },
  { path: '/', element: <Navigate to="/wel" replace /> },
  { path: '/wel', element: <Navigate to="/wel/index" replace /> },
  {
    path: '*',
    element: (
      <Guard>
        <MainLayout />
      </Guard>
    ),
  },
]);
