import { formatDateTime } from './time.js';

/** snake_case columns → camelCase fields; Dates → 'yyyy-MM-dd HH:mm:ss'. */
// Column names come from our own SQL, a few hundred in all; the bound only guards against a surprise.
const camelNames = new Map<string, string>();
function camelName(k: string): string {
  let c = camelNames.get(k);
  if (c === undefined) {
    c = k.replace(/_([a-z0-9])/g, (_, x: string) => x.toUpperCase());
    if (camelNames.size >= 10_000) camelNames.clear();
    camelNames.set(k, c);
  }
  return c;
}

export function camelRow<T = Record<string, unknown>>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const k in row) {
    const v = row[k];
    out[camelName(k)] = v instanceof Date ? formatDateTime(v) : v;
  }
  return out as T;
}

export const camelRows = <T = Record<string, unknown>>(rows: Record<string, unknown>[]) =>
  rows.map((r) => camelRow<T>(r));

/** 'a,b,,c' or ['a','b'] → ['a','b','c']: the `ids` parameter of every remove. */
export function splitIds(ids: string | string[] | undefined): string[] {
  const list = Array.isArray(ids) ? ids : (ids ?? '').split(',');
  return [...new Set(list.map((s) => s.trim()).filter(Boolean))];
}
