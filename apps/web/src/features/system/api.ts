import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/shared/http';
import type { GrantNode, Row, TreeChoice } from '@/shared/crud';

/**
 * The system feature's endpoints that are not a CrudDef's own calls: TanStack query options for reads,
 * mutation hooks for writes. A failed call was shown by the HTTP client; callers handle success only.
 */

export const MENU_SYNC = '/api/blade-system/menu/sync';

export interface RemoteMenu {
  id: string;
  code: string;
  name: string;
  category: number;
  hasChildren: boolean;
  syncState: 'missing' | 'changed' | 'same';
}
export interface DiffItem {
  key: string;
  type: 'added' | 'changed' | 'removed';
  code: string;
  name: string;
  category: number;
  parentCode?: string;
  changes?: Array<{ field: string; local: unknown; remote: unknown }>;
}
export interface Diff {
  remoteUrl: string;
  added: number;
  changed: number;
  removed: number;
  items: DiffItem[];
}

/** The remote's menus under a parent; silent, the dialog shows a failure where the tree would be. */
export const remoteMenus = (parentId: string) =>
  http.get<RemoteMenu[]>(`${MENU_SYNC}/lazyRemoteMenuList`, { params: { parentId }, silent: true });

export const remoteRootQuery = () =>
  queryOptions({ queryKey: ['menu-sync', 'remote', '0'], queryFn: () => remoteMenus('0'), staleTime: 0 });

export const useMenuDiff = () =>
  useMutation({ mutationFn: (ids: string[]) => http.post<Diff>(`${MENU_SYNC}/menuDiff`, { ids }) });

export function useSaveMenuDiff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[]; keys: string[] }) =>
      http.post<{ added: number; changed: number; removed: number }>(`${MENU_SYNC}/saveMenuDiff`, body),
    // The remote tree's sync states changed, and a record was written.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['menu-sync'] }),
        qc.invalidateQueries({ queryKey: ['crud', 'menu-sync-record'] }),
      ]),
  });
}

export const saveSetting = (rows: Row[], v: Row) =>
  http.post('/api/blade-system/tenant/setting', undefined, {
    params: {
      ids: rows.map((r) => r.id).join(','),
      accountNumber: v.accountNumber,
      // The server takes an ISO date-time.
      expireTime: v.expireTime ? new Date(String(v.expireTime).replace(' ', 'T')).toISOString() : undefined,
    },
  });

export const saveDatasource = (row: Row, v: Row) =>
  http.post('/api/blade-system/tenant/datasource', undefined, {
    params: { tenantId: row.tenantId, datasourceId: v.datasourceId },
  });

/** Tenant settings (several tenants at once) or the data source of one: saved, then the list again. */
export function useSaveTenantForm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ form, rows, values }: { form: 'setting' | 'datasource'; rows: Row[]; values: Row }) =>
      form === 'setting' ? saveSetting(rows, values) : saveDatasource(rows[0]!, values),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['crud', 'tenant'] }),
  });
}

export interface DeptNode extends TreeChoice {
  id: string;
  children?: DeptNode[];
}
/** Under 'crud-tree': a change to departments makes it stale with the tree selects. */
export const deptTreeQuery = () =>
  queryOptions({
    queryKey: ['crud-tree', 'dept-tree'],
    queryFn: () => http.get<DeptNode[]>('/api/blade-system/dept/tree'),
  });

/** What a role may be granted (menus and buttons), what it has, and the grant (TreeGrantDialog's calls). */
export const roleGrant = (roleId: string) => ({
  loadTree: () => http.get<GrantNode[]>('/api/blade-system/menu/grant-tree'),
  loadChecked: () =>
    http.get<string[]>('/api/blade-system/menu/role-tree-keys', { params: { roleIds: roleId } }),
  save: (menuIds: string[]) => http.post('/api/blade-system/role/grant', { roleIds: [roleId], menuIds }),
});

/** The menus a top menu holds (the same grant tree, its own keys and grant). */
export const topMenuGrant = (topMenuId: string) => ({
  loadTree: () => http.get<GrantNode[]>('/api/blade-system/topmenu/grant-tree'),
  loadChecked: () =>
    http.get<string[]>('/api/blade-system/topmenu/tree-keys', { params: { topMenuIds: topMenuId } }),
  save: (menuIds: string[]) =>
    http.post('/api/blade-system/topmenu/grant', { topMenuIds: [topMenuId], menuIds }),
});
