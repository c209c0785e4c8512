import { queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/http';

export interface Notice {
  id: string;
  title: string;
  content: string;
  category: number;
  publishTime: string;
}

/**
 * The server counts unread notices up to this (contracts' UNREAD_CAP, checked equal in api.test.ts; not
 * imported, so the workbench's first load does not carry the contracts' schemas).
 */
export const UNREAD_CAP = 100;

/** A count at the cap reads "99+", as the bell's badge does. */
export const unreadText = (n: number): number | string => (n >= UNREAD_CAP ? `${UNREAD_CAP - 1}+` : n);

export interface WorkbenchData {
  pendingApprovals: number | null;
  /** Up to UNREAD_CAP. */
  unreadNotices: number;
  notices: Notice[];
}

export interface DashboardData {
  staffByRole: Array<{ name: string; value: number }>;
  signIns: Array<{ day: string; value: number }>;
  deptHeadcount: Array<{ name: string; value: number }>;
  menusByArea: Array<{ name: string; value: number }>;
}

export const fetchWorkbench = () => http.get<WorkbenchData>('/api/blade-desk/workbench');
export const fetchDashboard = () => http.get<DashboardData>('/api/blade-desk/dashboard');

// The workbench opened directly has this asked for with its code (layout/prefetch), and takes that answer
// when it is drawn a moment later instead of asking again: fresh for 10 s, and a failure is not asked for
// again by that first drawing (it was shown and logged once; a notice push or a language switch asks anew).
export const workbenchQuery = () =>
  queryOptions({
    queryKey: ['workbench'],
    queryFn: fetchWorkbench,
    staleTime: 10_000,
    retryOnMount: false,
  });
export const dashboardQuery = () => queryOptions({ queryKey: ['dashboard'], queryFn: fetchDashboard });
