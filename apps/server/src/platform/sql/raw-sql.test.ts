import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rawSqlAllowlist } from './raw-allowlist.js';
import { rawTablesIn, sourceFiles } from './raw-sql.js';
import { scoped, tenantTables } from './tenant.js';

const modulesDir = fileURLToPath(new URL('../../modules/', import.meta.url));

describe('tenant-owned tables are reached through the scoped helper', () => {
  it('knows the tenant-owned tables from the generated schema', () => {
    // The walk below is only as good as this list: it must hold the tables everyone knows are tenant's.
    expect(tenantTables).toEqual(
      expect.arrayContaining(['blade_user', 'blade_role', 'blade_dept', 'im_message']),
    );
    expect(tenantTables).not.toContain('blade_menu');
  });

  it('finds hand-written SQL on them only in the allowlisted files', () => {
    const unexpected: string[] = [];
    const stale: string[] = [];
    const files = sourceFiles(modulesDir);
    for (const f of files) {
      if (f.endsWith('/tables.ts')) continue;
      const found = rawTablesIn(fs.readFileSync(modulesDir + f, 'utf8'), tenantTables);
      const allowed = rawSqlAllowlist[f]?.tables ?? [];
      const extra = found.filter((t) => !allowed.includes(t));
      if (extra.length) unexpected.push(`${f}: ${extra.join(', ')}`);
      const gone = allowed.filter((t) => !found.includes(t));
      if (gone.length) stale.push(`${f}: ${gone.join(', ')}`);
    }
    for (const f of Object.keys(rawSqlAllowlist)) if (!files.includes(f)) stale.push(`${f}: no such file`);
    expect(
      unexpected,
      'Raw SQL on a tenant-owned table: use scoped(scope) from platform/sql (or a Repo) instead',
    ).toEqual([]);
    expect(
      stale,
      'Allowlist entries no longer needed: remove them from platform/sql/raw-allowlist.ts',
    ).toEqual([]);
  });

  it('recognises raw SQL and leaves Kysely calls and comments alone', () => {
    const t = ['blade_user', 'blade_role'];
    expect(rawTablesIn('db.query(`SELECT 1 FROM blade_user u WHERE u.id = $1`)', t)).toEqual(['blade_user']);
    expect(rawTablesIn("t.query('UPDATE blade_role SET x = 1')", t)).toEqual(['blade_role']);
    expect(rawTablesIn("'... JOIN blade_user_role ur ...'", t)).toEqual([]);
    expect(rawTablesIn("scoped(s).selectFrom('blade_user').select('id')", t)).toEqual([]);
    expect(rawTablesIn('// rows from blade_user\n/* update blade_role */ const x = 1;', t)).toEqual([]);
  });
});

describe('what scoped() adds', () => {
  it('writes is_deleted = 0 into the SQL and passes only the tenant as a parameter', () => {
    // A named statement is planned generically after five runs: from `is_deleted = $1` PostgreSQL cannot
    // prove a partial index's `WHERE is_deleted = 0`, and keeps planning the statement on every run.
    const q = scoped({ tenantId: '000001', isPlatformAdmin: false })
      .selectFrom('blade_user', 'u')
      .select('u.id')
      .where('u.account', '=', 'admin')
      .compile();
    expect(q.sql).toContain('"u"."is_deleted" = 0');
    expect(q.parameters).toEqual(['000001', 'admin']);
  });
});
