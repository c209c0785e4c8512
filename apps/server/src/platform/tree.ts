/**
 * Builds a tree from flat rows (menus, departments, zones, role grants); children sorted by sort, then id;
 * leaves carry no children. A row whose parent is not among the rows is a root.
 */
export function buildTree<T extends { id: string; parentId: string; sort: number }>(
  rows: T[],
): Array<T & { hasChildren: boolean; children?: unknown[] }> {
  type N = T & { hasChildren: boolean; children?: N[] };
  const nodes = new Map<string, N>(rows.map((r) => [r.id, { ...r, hasChildren: false } as N]));
  const roots: N[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId);
    if (parent) {
      (parent.children ??= []).push(n);
      parent.hasChildren = true;
    } else {
      roots.push(n);
    }
  }
  const sort = (list: N[]) => {
    list.sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : 1));
    for (const n of list) if (n.children) sort(n.children);
  };
  sort(roots);
  return roots;
}
