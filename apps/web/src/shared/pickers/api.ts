import { http } from '../http';
import type { PickNode } from './selection';
import type { RegionNode, ZoneNode } from './zones';

/**
 * Departments under a parent ('0' or none: the top) of one tenant: the platform administrator may read
 * every tenant's departments, but picks people of the company it works in.
 */
export const deptChildren = (parentId?: string, tenantId?: string) =>
  http.get<PickNode[]>('/api/blade-system/dept/lazy-tree', {
    params: { ...(parentId ? { parentId } : {}), ...(tenantId ? { tenantId } : {}) },
  });

/** Employees of a department as picker leaves. */
export const deptEmployees = (deptId: string, tenantId?: string) =>
  http.get<PickNode[]>('/api/blade-user/dept-personnel', {
    params: { deptId, type: 1, ...(tenantId ? { tenantId } : {}) },
  });

export const zoneTree = () => http.get<ZoneNode[]>('/api/blade-basic/zone/list-zone-tree');

/** Region load failures are only logged (spec §8), so the call is silent. */
export const regionChildren = (parentCode?: string) =>
  http.get<RegionNode[]>('/api/blade-basic/region/lazy-tree', {
    params: parentCode ? { parentCode } : {},
    silent: true,
  });
