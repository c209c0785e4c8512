import { Repo } from '../../platform/crud.js';
import type { Db } from '../../platform/db/index.js';
import { all, allTenants, scoped, sql, type SqlBool } from '../../platform/sql/index.js';

/**
 * The server's failed requests (written by the error handler: platform/errors-handler.ts, the query string
 * redacted). A stack trace is the platform's own: only the platform administrator reads these.
 */
export const serverErrors = new Repo({
  table: 'blade_log_error',
  fields: [
    'id',
    'tenantId',
    'requestId',
    'method',
    'requestUri',
    'message',
    'stackTrace',
    'createBy',
    'createTime',
  ],
  filters: {
    requestId: { column: 'requestId', type: 'exact' },
    method: { column: 'method', type: 'exact' },
    requestUri: { column: 'requestUri', type: 'text' },
    message: { column: 'message', type: 'text' },
    createTime: { column: 'createTime', type: 'date' },
  },
  sortable: ['createTime'],
  defaultOrder: 't.create_time DESC, t.id DESC',
});

/** The browsers' errors, uploaded from the shell's log viewer (desk module): a tenant's administrators read theirs. */
export const clientErrors = new Repo({
  table: 'blade_log_client',
  fields: [
    'id',
    'tenantId',
    'userId',
    'type',
    'message',
    'stack',
    'info',
    'url',
    'occurredAt',
    'userAgent',
    'createTime',
  ],
  filters: {
    type: { column: 'type', type: 'exact' },
    message: { column: 'message', type: 'text' },
    url: { column: 'url', type: 'text' },
    createTime: { column: 'createTime', type: 'date' },
  },
  sortable: ['createTime'],
  defaultOrder: 't.create_time DESC, t.id DESC',
});

/** Each row with the name of the account it names (one lookup for the page; a removed account still named). */
export async function withAccounts(
  db: Db,
  key: 'createBy' | 'userId',
  rows: Array<Record<string, unknown>>,
): Promise<Array<Record<string, unknown> & { account: string | null }>> {
  const idOf = (r: Record<string, unknown>) => (r[key] == null ? null : String(r[key]));
  const ids = [...new Set(rows.map(idOf).filter((x): x is string => Boolean(x)))];
  const names = new Map(
    ids.length
      ? (
          await all(
            db,
            // Any tenant's: the ids come from rows the caller may read (every tenant's, for the platform).
            scoped(allTenants)
              .selectFrom('blade_user', 'u', { withDeleted: true })
              .select(['id', 'account'])
              .where(sql<SqlBool>`id = ANY(${ids}::bigint[])`),
          )
        ).map((u) => [String(u.id), u.account])
      : [],
  );
  return rows.map((r) => ({ ...r, account: names.get(idOf(r) ?? '') ?? null }));
}
