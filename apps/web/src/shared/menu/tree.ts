import type { MenuNode } from './types';

/** Items with meta.roles show only to those roles (spec §6). */
export function visibleTo(nodes: MenuNode[], roles: string[]): MenuNode[] {
  return nodes
    .filter((n) => !n.meta?.roles?.length || n.meta.roles.some((r) => roles.includes(r)))
    .map((n) => (n.children ? { ...n, children: visibleTo(n.children, roles) } : n));
}

export function flatten(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

/** The pages of a tree: nodes with a path and no children. */
export const leaves = (nodes: MenuNode[]) => flatten(nodes).filter((n) => n.path && !n.children?.length);

/** Buttons answer: page groups with their buttons → code → true. */
export function flattenButtons(
  groups: Array<{ code?: string; children?: Array<{ code?: string; children?: unknown[] }> }>,
): Record<string, true> {
  const out: Record<string, true> = {};
  const walk = (list: Array<{ code?: string; children?: unknown[] }>) => {
    for (const b of list) {
      if (b.code) out[b.code] = true;
      if (Array.isArray(b.children)) walk(b.children as Array<{ code?: string; children?: unknown[] }>);
    }
  };
  for (const g of groups) walk(g.children ?? []);
  return out;
}

/** How a menu path opens (spec §2 "Menu path prefixes"). */
export type PathKind = 'newTab' | 'external' | 'report' | 'tab';

export function pathKind(
  path: string,
  externalPrefixes: string[],
  reportPrefix: string | undefined,
): PathKind {
  if (reportPrefix && path.startsWith(reportPrefix)) return 'report';
  if (externalPrefixes.some((p) => p && path.startsWith(p))) return 'external';
  if (/^https?:/i.test(path)) return 'newTab';
  return 'tab';
}
