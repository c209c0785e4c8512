import { Type } from 'typebox';
import type { App } from '../../platform/context.js';
import { envelope, ok } from '../../platform/envelope.js';
import { scopeOf } from '../../platform/auth/guard.js';

const entry = Type.Object({
  id: Type.String(),
  dictKey: Type.String(),
  dictValue: Type.String(),
  sort: Type.Integer(),
  remark: Type.Union([Type.String(), Type.Null()]),
  isSealed: Type.Integer(),
});

/** The entries of one dictionary, in the caller's language; sealed entries are dropped (spec §3). */
export async function dictRoutes(app: App) {
  const { db } = app.ctx;
  for (const [kind, table] of [
    ['dict', 'blade_dict'],
    ['dict-biz', 'blade_dict_biz'],
  ] as const) {
    app.get(
      `/api/blade-system/${kind}/dictionary`,
      {
        config: { permission: 'login' },
        schema: {
          tags: [kind],
          summary: `Entries of one ${kind === 'dict' ? 'system' : 'business'} dictionary by code (sealed entries dropped)`,
          querystring: Type.Object({ code: Type.String({ minLength: 1, maxLength: 255 }) }),
          response: { 200: envelope(Type.Array(entry)) },
        },
      },
      async (req) => {
        const scope = scopeOf(req);
        const value = req.lang === 'en' ? 'coalesce(dict_value_en, dict_value)' : 'dict_value';
        const rows = await db.query<{
          id: string;
          dictKey: string;
          dictValue: string;
          sort: number;
          remark: string | null;
          isSealed: number;
        }>(
          `SELECT id, dict_key AS "dictKey", ${value} AS "dictValue", sort, remark, is_sealed AS "isSealed" FROM ${table}
            WHERE code = $1 AND parent_id <> 0 AND is_deleted = 0 AND is_sealed = 0${table === 'blade_dict_biz' ? ' AND tenant_id = $2' : ''}
            ORDER BY sort, id`,
          table === 'blade_dict_biz' ? [req.query.code, scope.tenantId] : [req.query.code],
        );
        return ok(rows);
      },
    );
  }
}
