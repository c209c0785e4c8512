import { useEffect, useState } from 'react';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { hasFilters, listParams, withChildren } from './params';
import type { CrudDef, Page, Row, SortState } from './types';

export interface CrudListOptions {
  /** Fixed parameters of every list call (the department chosen on the left, the parent dictionary). */
  params?: Record<string, unknown>;
  /** No list until this is true (a child list waiting for its parent). */
  enabled?: boolean;
}

const rowsOf = (answer: Page | Row[]) => (Array.isArray(answer) ? answer : answer.records);

/**
 * The cursor that reads page `to` from the page at hand: its neighbours by their cursors, the last page of
 * a large list from the end; page 1 and other jumps by number (cheap on small lists, which is where the
 * pager offers them).
 */
export function cursorTo(to: number, from: number, answer: Page | undefined): string | undefined {
  if (!answer || to === 1) return undefined;
  if (to === from + 1) return answer.next;
  if (to === from - 1) return answer.prev;
  if (answer.estimated && to === answer.pages) return 'last';
  return undefined;
}

/**
 * What a CrudTable shows: the search, page and sort it asks with, the answer, and in a lazy tree the
 * branches opened so far. Each opened branch is a query of its own under the table's key, so one
 * invalidation after a change brings back the list and every open branch with it.
 */
export function useCrudList(def: CrudDef, { params, enabled = true }: CrudListOptions = {}) {
  const qc = useQueryClient();
  const rowKey = def.rowKey ?? 'id';
  const [search, setSearch] = useState<Row>({});
  // `cursor`: how the server reaches this page by keyset (the neighbours of the page at hand, the last).
  const [page, setPage] = useState<{ current: number; size: number; cursor?: string }>({
    current: 1,
    size: def.pageSize ?? 10,
  });
  const [sort, setSort] = useState<SortState | undefined>(def.sort);
  const [selected, setSelected] = useState<Row[]>([]);
  // Branches opened at least once (their rows stay known when folded) and the ones open now.
  const [opened, setOpened] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);

  const filtering = hasFilters(def.columns, search);
  const query = listParams({
    columns: def.columns,
    search,
    extra: { ...params, ...(def.tree && !filtering ? { [def.tree.parentParam]: def.tree.root } : {}) },
    page: def.tree ? undefined : page,
    sort,
  });
  if (!def.tree && page.cursor) query.cursor = page.cursor;
  const list = useQuery({
    queryKey: ['crud', def.name, query],
    queryFn: () => def.api.list(query),
    enabled,
    placeholderData: keepPreviousData,
  });
  const branches = useQueries({
    queries: (def.tree ? opened : []).map((parent) => ({
      queryKey: ['crud', def.name, 'branch', params, parent],
      queryFn: async () => rowsOf(await def.api.list({ ...params, [def.tree!.parentParam]: parent })),
    })),
  });
  // A branch that failed to load (the client said why) stays open and empty.
  const loaded: Record<string, Row[]> = {};
  branches.forEach((b, i) => {
    if (b.data) loaded[opened[i]!] = b.data;
  });

  const answer = list.data;
  const records = answer ? rowsOf(answer) : [];
  const paged = answer && !Array.isArray(answer) ? answer : undefined;
  const total = paged ? paged.total : records.length;
  const rows = def.tree ? withChildren(records, loaded, rowKey) : records;

  // The last row of the last page removed: show the page before, not an empty one.
  const emptyPage = !def.tree && Boolean(answer) && !records.length && page.current > 1 && !list.isFetching;
  useEffect(() => {
    if (emptyPage) setPage((p) => ({ size: p.size, current: Math.max(1, p.current - 1) }));
  }, [emptyPage]);

  const openBranch = (key: string) => {
    setOpened((o) => (o.includes(key) ? o : [...o, key]));
    setExpanded((e) => (e.includes(key) ? e : [...e, key]));
  };

  return {
    rowKey,
    rows,
    total,
    /** The total is the server's estimate (a large list): "about", and only pages a cursor reaches. */
    estimated: Boolean(paged?.estimated),
    fetching: list.isFetching || branches.some((b) => b.isFetching),
    page,
    sort,
    search,
    selected,
    setSelected,
    expanded,
    /** The filters without paging (the export). */
    filters: () => listParams({ columns: def.columns, search, extra: params, sort }),
    /** After a change: the list, every opened branch, and the tree selects that may list another node. */
    reload: async () => {
      setSelected([]);
      void qc.invalidateQueries({ queryKey: ['crud-tree'] });
      for (const key of def.invalidates ?? []) void qc.invalidateQueries({ queryKey: key });
      await qc.invalidateQueries({ queryKey: ['crud', def.name] });
    },
    /** A new child's parent opens so it is in sight. */
    openBranch,
    onExpand: (open: boolean, row: Row) => {
      const key = String(row[rowKey]);
      if (open) openBranch(key);
      else setExpanded((e) => e.filter((k) => k !== key));
    },
    applySearch: (values: Row) => {
      setSearch({ ...values });
      setPage((p) => ({ size: p.size, current: 1 }));
      setOpened([]);
      setExpanded([]);
    },
    onTableChange: (next: { current?: number; size?: number }, s: SortState | undefined) => {
      const nextSort = s ?? def.sort;
      const sameOrder = nextSort?.field === sort?.field && nextSort?.order === sort?.order;
      setSort(nextSort);
      if (def.tree) return;
      const size = next.size ?? page.size;
      const current = sameOrder && size === page.size ? (next.current ?? 1) : 1;
      setPage({ current, size, cursor: cursorTo(current, page.current, paged) });
    },
  };
}

export type CrudList = ReturnType<typeof useCrudList>;
