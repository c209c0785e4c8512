import { formatDateTime } from './time.js';

/** snake_case columns → camelCase fields; Dates → 'yyyy-MM-dd HH:mm:ss'. */
export function camelRow<T = Record<string, unknown>>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    out[k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())] =
      v instanceof Date ? formatDateTime(v) : v;
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
