import { http } from '../http';
import type { AnyRow, CrudApi, Page, Row } from './types';

/**
 * The calls of a BladeX resource (`list`, `detail?id=`, `submit` with a JSON body, `remove?ids=`), so a
 * page only names what differs: another list endpoint, another id parameter.
 */
export function bladeCalls<R extends AnyRow = Row>(
  base: string,
  o: { list?: string; detail?: string; remove?: string; idParam?: string; key?: string } = {},
): Required<Pick<CrudApi<R>, 'list' | 'detail' | 'submit' | 'remove'>> {
  const key = o.key ?? 'id';
  return {
    list: (params) => http.get<Page<R> | R[]>(`${base}/${o.list ?? 'list'}`, { params }),
    detail: (row) => http.get<R>(`${base}/${o.detail ?? 'detail'}`, { params: { [key]: (row as Row)[key] } }),
    submit: (body) => http.post(`${base}/submit`, body),
    remove: (ids) =>
      http.post(`${base}/${o.remove ?? 'remove'}`, undefined, {
        params: { [o.idParam ?? 'ids']: ids.join(',') },
      }),
  };
}

/** A comma list from the server ("1,2") as an array for multi-selects, and back. */
export const splitList = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? v.split(',') : [];

/** A root's parent is "0"; the form shows it as no parent. */
export const parentForForm = (v: unknown) =>
  v === undefined || v === null || v === '0' || v === 0 ? undefined : String(v);
