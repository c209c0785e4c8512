import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http';
import { useSession } from '@/shared/auth/store';
import type { MenuNode, TopMenu } from '@/shared/menu/types';
import { visibleTo } from '@/shared/menu/tree';
import { loadMenuIcons } from '@/shared/menu/icons';

/** Build setting: top menus shown, by name (empty = all). */
const TOP_WHITELIST = (import.meta.env.VITE_TOP_MENU_WHITELIST ?? '')
  .split(',')
  .map((s: string) => s.trim())
  .filter(Boolean);

const NO_ROLES: string[] = [];

/** The menus (with their icons, a chunk of their own fetched beside them), as the server sends them. */
export const menuRoutesQuery = (topMenuId?: string) =>
  queryOptions({
    queryKey: ['menu-routes', topMenuId ?? ''],
    queryFn: async () => {
      const [nodes] = await Promise.all([
        http.get<MenuNode[]>('/api/blade-system/menu/routes', {
          params: topMenuId ? { topMenuId } : undefined,
        }),
        loadMenuIcons(),
      ]);
      return nodes;
    },
    staleTime: 5 * 60_000,
  });

export const topMenusQuery = () =>
  queryOptions({
    queryKey: ['top-menu'],
    queryFn: async () => {
      const [items] = await Promise.all([
        http.get<TopMenu[]>('/api/blade-system/menu/top-menu'),
        loadMenuIcons(),
      ]);
      return items;
    },
    staleTime: 5 * 60_000,
  });

export function useMenuRoutes(topMenuId?: string) {
  // A zustand selector must return the same value for the same state: a fresh `[]` on every call made
  // each render look like a store change to React, so the layout re-rendered until React gave up (#185).
  const roles = useSession((s) => s.user?.roles) ?? NO_ROLES;
  return useQuery({
    ...menuRoutesQuery(topMenuId),
    select: (nodes) => visibleTo(nodes, roles),
  });
}

export function useTopMenus() {
  return useQuery({
    ...topMenusQuery(),
    select: (items) => (TOP_WHITELIST.length ? items.filter((m) => TOP_WHITELIST.includes(m.name)) : items),
  });
}
