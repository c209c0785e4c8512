import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSignIn } from '../src/modules/member/testing.js';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from './harness.js';

/**
 * Who may call what, generated from the route table: every route × {no token, customer, staff of another
 * tenant, staff without the permission, holder of exactly that permission}, expected from its declared
 * `config.permission`. Then every parameter that names rows gets another tenant's ids. A new route is
 * covered with no extra work.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  minimum?: number;
  minLength?: number;
  pattern?: string;
}
interface OpenApiOp {
  parameters?: { name: string; in: string; schema?: JsonSchema; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** A parameter that names rows by id. */
const ID_PARAM = /^(id|ids|[a-z]+Ids?)$/;

/** Something that passes a declared schema where it can, so a call gets past validation to the rule. */
function sampleFor(s: JsonSchema | undefined): unknown {
  if (!s) return 'x';
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf?.length) return sampleFor(s.anyOf[0]);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return [sampleFor(s.items)];
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, sampleFor(s.properties?.[k])]));
    default:
      return s.pattern?.includes('\\d') ? '1' : 'x'.repeat(Math.max(1, s.minLength ?? 1));
  }
}

interface Route {
  method: string;
  url: string;
  permission: string;
  op: OpenApiOp | undefined;
}

describe(`authorization matrix over the route table (${dbLabel})`, () => {
  let t: TestApp;
  let routes: Route[];
  let nextId = 9_100_000_000;

  /** A staff member of tenant 000000 whose one role grants exactly `codes` (button codes) under `alias`. */
  async function staffWith(account: string, alias: string, codes: string[]): Promise<void> {
    const user = ++nextId;
    // A role the seed already has (aliases are unique per tenant) is given as it is.
    const seeded = codes.length
      ? undefined
      : await t.db.one<{ id: string }>(
          "SELECT id FROM blade_role WHERE tenant_id = '000000' AND role_alias = $1 AND is_deleted = 0",
          [alias],
        );
    const role = seeded?.id ?? String(++nextId);
    if (!seeded)
      await t.db.query(
        `INSERT INTO blade_role (id, tenant_id, role_name, role_alias) VALUES ($1, '000000', $2, $3)`,
        [role, account, alias],
      );
    for (const code of codes) {
      let menu = await t.db.one<{ id: string }>(
        'SELECT id FROM blade_menu WHERE code = $1 AND is_deleted = 0',
        [code],
      );
      if (!menu) {
        menu = { id: String(++nextId) };
        await t.db.query(`INSERT INTO blade_menu (id, code, name, category) VALUES ($1, $2, $2, 2)`, [
          menu.id,
          code,
        ]);
      }
      await t.db.query('INSERT INTO blade_role_menu (role_id, menu_id) VALUES ($1, $2)', [role, menu.id]);
    }
    await t.db.query(
      `INSERT INTO blade_user (id, tenant_id, account, password, status) VALUES ($1, '000000', $2, 'x', 1)`,
      [user, account],
    );
    await t.db.query('INSERT INTO blade_user_role (user_id, role_id) VALUES ($1, $2)', [user, role]);
  }

  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, OpenApiOp>>;
    };
    routes = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && !r.websocket)
      .flatMap((r) =>
        (Array.isArray(r.method) ? r.method : [r.method])
          .filter((m) => m !== 'HEAD')
          .map((method) => ({
            method,
            url: r.url,
            permission: String(r.permission),
            op: doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()],
          })),
      );
  });
  afterAll(() => t?.close());

  /** The route's path with every path parameter filled, and a query/body that passes its schema. */
  function request(r: Route, override: Record<string, string> = {}) {
    const params = r.op?.parameters ?? [];
    let url = r.url.replace(/:(\w+)/g, (_, n: string) => encodeURIComponent(override[n] ?? '1'));
    const qs = params
      .filter((p) => p.in === 'query' && (p.required || p.name in override))
      .map((p) => `${p.name}=${encodeURIComponent(override[p.name] ?? String(sampleFor(p.schema)))}`);
    if (qs.length) url += `?${qs.join('&')}`;
    const bodySchema = r.op?.requestBody?.content?.['application/json']?.schema;
    const body = bodySchema ? (sampleFor(bodySchema) as Record<string, unknown>) : undefined;
    if (body && bodySchema?.properties)
      for (const k of Object.keys(override)) if (k in bodySchema.properties) body[k] = override[k];
    return {
      method: r.method as 'GET',
      url,
      ...(body && r.method !== 'GET' ? { payload: body } : {}),
      lang: 'en' as const,
    };
  }

  it('answers each caller as the route declares', { timeout: 300_000 }, async () => {
    const customer = (await customerSignIn(t, '13601234501')).accessToken;
    await otherTenant(t, '100001', { administrator: true });
    await staffWith('authz_none', 'authz_none', []);
    const failures: string[] = [];
    let requests = 0;
    /** What the permission check itself says; a handler's own refusal (platform only, not yours) says more. */
    const PERMISSION_DENIED = 'You do not have permission to do this';
    const check = async (
      who: string,
      token: string | undefined,
      r: Route,
      ok: (status: number, msg: string) => boolean,
      expected: string,
    ) => {
      requests++;
      const res = await call(t, token, request(r));
      const msg = String((res.json() as { msg?: unknown }).msg ?? '');
      if (!ok(res.statusCode, msg) || res.statusCode >= 500)
        failures.push(
          `${who} ${r.method} ${r.url} (${r.permission}): ${res.statusCode} ${msg}, expected ${expected}`,
        );
    };
    const denied = (s: number) => s === 401 || s === 403;
    const passes = (s: number, msg: string) => s !== 401 && !(s === 403 && msg === PERMISSION_DENIED);
    const holders = new Map<string, string>();
    for (const r of routes) {
      const p = r.permission;
      if (p === 'public') {
        // Public to the staff guard; a route may still want its own credential (a customer's session on
        // /h5, an upload token), so a 401 of its own is fine, the guard's refusal is not.
        await check(
          'anonymous',
          undefined,
          r,
          (s, m) => !(s === 403 && m === PERMISSION_DENIED),
          'no guard 403',
        );
        continue;
      }
      await check('anonymous', undefined, r, (s) => s === 401, '401');
      await check('customer', customer, r, denied, '401/403');
      // Fresh sessions per route: a route that signs its caller out must not blind the next ones.
      const outsider = await tokenFor(t, 'boss', '100001');
      const nobody = await tokenFor(t, 'authz_none');
      // A signed-in administrator of another tenant is somebody: never 401.
      await check('other tenant', outsider, r, (s) => s !== 401, 'not 401');
      if (p === 'login') {
        await check('staff without grants', nobody, r, passes, 'past the permission check');
        continue;
      }
      await check('staff without the permission', nobody, r, (s) => s === 403, '403');
      let holder = holders.get(p);
      if (!holder) {
        holder = `authz_h${holders.size + 1}`;
        if (p.startsWith('role:')) await staffWith(holder, p.slice(5).split(',')[0]!, []);
        else await staffWith(holder, holder, [p.slice(5)]);
        holders.set(p, holder);
      }
      await check(`holder of ${p}`, await tokenFor(t, holder), r, passes, 'past the permission check');
    }
    console.log(
      `authz (${dbLabel}): ${routes.length} routes × 5 callers, ${holders.size} permissions granted one by one, ${requests} requests`,
    );
    expect(failures).toEqual([]);
  });

  it(
    "never answers another tenant's row to an id parameter, nor changes it",
    { timeout: 300_000 },
    async () => {
      // Tenant 100002's administrator asks for rows of tenant 000000 (the seeded one) by id.
      const admin = await otherTenant(t, '100002', { administrator: true, account: 'authz_boss' });
      const tables = await t.db.query<{ table_name: string }>(
        `SELECT c.table_name FROM information_schema.columns c
         JOIN information_schema.columns i ON i.table_name = c.table_name AND i.table_schema = c.table_schema
          AND i.column_name = 'id' AND i.data_type = 'bigint'
        WHERE c.table_schema = current_schema() AND c.column_name = 'tenant_id'
        ORDER BY 1`,
      );
      const rows: { table: string; id: string; snapshot: string; texts: string[] }[] = [];
      for (const { table_name: table } of tables) {
        const row = await t.db.one<Record<string, unknown>>(
          `SELECT * FROM ${table} WHERE tenant_id = '000000' ORDER BY id LIMIT 1`,
        );
        if (!row) continue;
        const texts = Object.entries(row)
          .filter(([k, v]) => typeof v === 'string' && v.length >= 6 && !/^\d+$/.test(v) && k !== 'tenant_id')
          .map(([, v]) => v as string);
        rows.push({ table, id: String(row.id), snapshot: JSON.stringify(row), texts });
      }
      expect(rows.length).toBeGreaterThan(5);

      const failures: string[] = [];
      let probed = 0;
      let requests = 0;
      let refused = 0;
      for (const r of routes) {
        if (r.permission === 'public') continue;
        const names = [
          ...(r.op?.parameters ?? []).filter((p) => p.in !== 'header').map((p) => p.name),
          ...Object.keys(r.op?.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
        ].filter((n) => ID_PARAM.test(n));
        if (!names.length) continue;
        probed++;
        for (const name of new Set(names))
          for (const row of rows) {
            requests++;
            const res = await call(t, admin, request(r, { [name]: row.id }));
            // The row's id in the answer's data, or its own texts (two, when it has two: one short text such
            // as an icon name may also be in platform data such as menus).
            const data = JSON.stringify((res.json() as { data?: unknown }).data ?? null);
            const texts = row.texts.filter((x) => data.includes(JSON.stringify(x).slice(1, -1))).length;
            const leaked =
              res.statusCode < 300 &&
              (data.includes(`"${row.id}"`) || (texts > 0 && texts >= Math.min(2, row.texts.length)));
            if (res.statusCode >= 500 || leaked)
              failures.push(
                `${r.method} ${r.url} ${name}=${row.table}#${row.id}: ${res.statusCode} ${res.body.slice(0, 160)}`,
              );
            // A detail route reads exactly one row by id: another tenant's is 403 or, for other tables, 404.
            if (
              name === 'id' &&
              /\/detail$/.test(r.url) &&
              r.method === 'GET' &&
              res.statusCode !== 403 &&
              res.statusCode !== 404
            )
              failures.push(
                `${r.method} ${r.url} id=${row.table}#${row.id}: ${res.statusCode}, expected 403/404`,
              );
            if (res.statusCode === 403 || res.statusCode === 404) refused++;
          }
      }
      // Nothing of tenant 000000 was changed through another tenant's calls.
      for (const row of rows) {
        const now = await t.db.one<Record<string, unknown>>(`SELECT * FROM ${row.table} WHERE id = $1`, [
          row.id,
        ]);
        if (JSON.stringify(now) !== row.snapshot)
          failures.push(`${row.table}#${row.id} was changed or removed`);
      }
      console.log(
        `authz ids (${dbLabel}): ${probed} routes with id parameters × ${rows.length} rows of another tenant, ${requests} requests, ${refused} answered 403/404`,
      );
      expect(failures).toEqual([]);
    },
  );
});
