import { queryOptions } from '@tanstack/react-query';
import { http } from '@/shared/http';

export interface Notice {
  id: string;
  title: string;
  content: string;
  category: number;
  publishTime: string;
}

export interface WorkbenchData {
  pendingApprovals: number | null;
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

export const workbenchQuery = () => queryOptions({ queryKey: ['workbench'], queryFn: fetchWorkbench });
export const dashboardQuery = () => queryOptions({ queryKey: ['dashboard'], queryFn: fetchDashboard });
