import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { AnyRow, CrudColumn, Page, Row, SortState } from './types';

/** The page size asked for when the export walks every page (the server caps it at 1000). */
export const EXPORT_PAGE_SIZE = 500;

const empty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && !v.length);

/** The query parameter a searchable column fills. */
export const searchParam = (c: CrudColumn) => (typeof c.search === 'object' && c.search.param) || c.prop;

/** Search form values → query parameters: empty fields are left out, text is trimmed. */
export function searchParams(columns: CrudColumn[], values: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    if (!c.search) continue;
    const v = values[c.prop];
    if (empty(v)) continue;
    out[searchParam(c)] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

export const hasFilters = (columns: CrudColumn[], values: Row) =>
  Object.keys(searchParams(columns, values)).length > 0;

/** antd's sort state → BladeX `ascs` / `descs` (the server whitelists the names). */
export function sortParams(sort?: SortState): Record<string, string> {
  if (!sort) return {};
  return sort.order === 'ascend' ? { ascs: sort.field } : { descs: sort.field };
}

/** Everything a list call sends: filters, fixed parameters of the page, paging and sort. */
export function listParams(o: {
  columns: CrudColumn[];
  search: Row;
  extra?: Record<string, unknown>;
  page?: { current: number; size: number };
  sort?: SortState;
}): Record<string, unknown> {
  const extra = Object.fromEntries(Object.entries(o.extra ?? {}).filter(([, v]) => !empty(v)));
  return {
    ...extra,
    ...searchParams(o.columns, o.search),
    ...(o.page ? { current: o.page.current, size: o.page.size } : {}),
    ...sortParams(o.sort),
  };
}

/** The validation of one form field, with messages naming it in the user's language. */
export function fieldRules(c: CrudColumn, label: string, t: TFunction): FormRule[] {
  const f = c.form;
  if (!f) return [];
  const rules: FormRule[] = [];
  const isNumber = f.type === 'number';
  if (f.required) {
    const choosing =
      f.type === 'select' || f.type === 'tree' || f.type === 'date' || Boolean(c.dict || c.choices || c.tree);
    // Only text may be blank-but-not-empty; a whitespace key on any other value fails antd's check.
    const text = !isNumber && !choosing && !f.multiple;
    rules.push({
      required: true,
      ...(text ? { whitespace: true } : {}),
      message: t(choosing ? 'crud.chooseRequired' : 'crud.required', { label }),
    });
  }
  if (f.max !== undefined) {
    rules.push(
      isNumber
        ? { type: 'number', max: f.max, message: t('crud.maxNumber', { label, max: f.max }) }
        : { max: f.max, message: t('crud.maxLength', { label, max: f.max }) },
    );
  }
  if (f.min !== undefined && isNumber) {
    rules.push({ type: 'number', min: f.min, message: t('crud.minNumber', { label, min: f.min }) });
  }
  if (f.pattern) rules.push({ pattern: f.pattern.regex, message: t(f.pattern.message, { label }) });
  if (f.rules) rules.push(...f.rules(label));
  return rules;
}

/** A tree's nodes, parents before children (for exports of tree answers). */
export function flattenTree<T extends { children?: T[] }>(nodes: T[]): Omit<T, 'children'>[] {
  const out: Omit<T, 'children'>[] = [];
  const walk = (list: T[]) => {
    for (const { children, ...n } of list) {
      out.push(n);
      if (children?.length) walk(children);
    }
  };
  walk(nodes);
  return out;
}

/**
 * Rows of a lazy tree with the children loaded so far. A node the server says has children but that was
 * not opened yet gets an empty list, which is what makes the table show its expand control.
 */
export function withChildren(rows: Row[], loaded: Record<string, Row[]>, key: string): Row[] {
  return rows.map((r) => {
    const id = String(r[key]);
    const kids = loaded[id];
    if (kids) return { ...r, children: kids.length ? withChildren(kids, loaded, key) : undefined };
    return r.hasChildren ? { ...r, children: [] } : { ...r, children: undefined };
  });
}

/** Every row of a paged list with the same filters, page by page, until the total is reached. */
export async function everyPage(
  list: (params: Record<string, unknown>) => Promise<Page | Row[]>,
  params: Record<string, unknown>,
  size = EXPORT_PAGE_SIZE,
): Promise<Row[]> {
  const out: Row[] = [];
  let cursor: string | undefined;
  for (let current = 1; ; current++) {
    // Page after page by the cursor of the one before (keyset: every row once, any depth, same cost).
    const answer = await list({ ...params, current, size, ...(cursor ? { cursor } : {}) });
    if (Array.isArray(answer)) return answer;
    out.push(...answer.records);
    // An estimated total is not where the list ends; a short page is.
    const done = answer.estimated ? answer.records.length < size : out.length >= answer.total;
    if (!answer.records.length || done) return out;
    cursor = answer.next;
  }
}

/**
 * Every node of a lazy tree matching the filters: the first answer, then the children of each node that
 * has some, level by level (a few requests at a time).
 */
export async function everyNode(
  list: (params: Record<string, unknown>) => Promise<Page | Row[]>,
  params: Record<string, unknown>,
  tree: { parentParam: string; root: string },
  key: string,
  parallel = 4,
): Promise<Row[]> {
  const rowsOf = async (p: Record<string, unknown>) => {
    const a = await list(p);
    return Array.isArray(a) ? a : a.records;
  };
  const searching = Object.keys(params).some((k) => ![tree.parentParam, 'ascs', 'descs'].includes(k));
  const first = await rowsOf({ ...params, [tree.parentParam]: tree.root });
  // A search answers matches from the whole tree at once.
  if (searching) return first;
  const out: Row[] = [];
  let level = first;
  while (level.length) {
    out.push(...level);
    const parents = level.filter((r) => r.hasChildren);
    const next: Row[] = [];
    for (let i = 0; i < parents.length; i += parallel) {
      const chunk = await Promise.all(
        parents.slice(i, i + parallel).map((p) => rowsOf({ ...params, [tree.parentParam]: String(p[key]) })),
      );
      next.push(...chunk.flat());
    }
    level = next;
  }
  return out;
}

export type Cell = string | number | null;

/** The sheet an export writes: the column labels, then one line per row with the text the table shows. */
export function sheetRows(
  columns: CrudColumn[],
  rows: Row[],
  label: (c: CrudColumn) => string,
  cell: (c: CrudColumn, row: Row) => Cell,
): Cell[][] {
  const cols = columns.filter((c) => c.table !== false && c.export !== false);
  return [cols.map(label), ...rows.map((r) => cols.map((c) => cell(c, r)))];
}

/** The text of a cell: a column's own text, a dictionary or choice label, or the value. */
export function cellText(
  c: CrudColumn,
  row: Row,
  labelOf: (c: CrudColumn, value: unknown) => string | undefined,
): Cell {
  if (c.text) return c.text(row);
  const v = row[c.prop];
  if (v === undefined || v === null || v === '') return null;
  const values = Array.isArray(v) ? v : typeof v === 'string' && (c.dict || c.choices) ? v.split(',') : [v];
  if (c.dict || c.choices) return values.map((x) => labelOf(c, x) ?? String(x)).join(', ');
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Flat rows with parentId → roots with nested children (lists answered flat, shown as a tree). */
export function nest<R extends AnyRow>(list: R[], key = 'id', parentKey = 'parentId'): R[] {
  const rows = list as Row[];
  const byId = new Map(rows.map((r) => [String(r[key]), { ...r } as Row]));
  const roots: Row[] = [];
  for (const r of byId.values()) {
    const parent = byId.get(String(r[parentKey]));
    if (parent && parent !== r)
      ((parent.children as Row[] | undefined) ?? (parent.children = [] as Row[])).push(r);
    else roots.push(r);
  }
  return roots as R[];
}
