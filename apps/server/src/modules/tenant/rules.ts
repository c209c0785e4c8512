import { randomInt } from 'node:crypto';
import type { Db } from '../../platform/db/index.js';
import { Repo } from '../../platform/crud.js';
import { isUniqueViolation } from '../../platform/db/unique.js';
import { bad, forbidden } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { strongPassword } from '../../platform/auth/generate.js';
import { PLATFORM_TENANT, type Scope } from '../../platform/scope.js';
import { all, allTenants, anyId, exec, first, globalDb, scoped, sql } from '../../platform/sql/index.js';
import { seedTenantRoles } from '../system/index.js';
import { grantTenantAdminMenus } from '../menu/index.js';
import { seedTenantDictionaries } from '../dict/index.js';

/** The tenant table: a tenant's own row carries its own tenant_id, so the Repo's scope shows each tenant itself. */
export const tenants = new Repo({
  table: 'blade_tenant',
  softDelete: true,
  audit: true,
  fields: [
    'id',
    'tenantId',
    'tenantName',
    'domain',
    'backgroundUrl',
    'linkman',
    'contactNumber',
    'address',
    'accountNumber',
    'expireTime',
    'datasourceId',
    'status',
    'createTime',
  ],
  filters: {
    tenantId: { column: 'tenantId', type: 'exact' },
    tenantName: { column: 'tenantName', type: 'text' },
    linkman: { column: 'linkman', type: 'text' },
  },
  sortable: ['tenantId', 'tenantName', 'createTime'],
  defaultOrder: 't.tenant_id',
  writable: ['tenantName', 'domain', 'backgroundUrl', 'linkman', 'contactNumber', 'address'],
});

export const requirePlatform = (scope: Scope) => {
  if (!scope.isPlatformAdmin) throw forbidden('tenant.platformOnly');
};

export interface TenantInput {
  id?: string;
  tenantName: string;
  domain?: string;
  backgroundUrl?: string;
  linkman?: string;
  contactNumber?: string;
  address?: string;
}

/** Stored as the sign-in page's lookup compares it: trimmed, lower case; blank is none (null). */
const domainOf = (v: string | null | undefined) => (v == null ? v : v.trim().toLowerCase() || null);
const blankIsNull = (v: string | null | undefined) => (v == null ? v : v.trim() || null);

/** The domain's unique index (tables.ts) decides between racing submits; its violation is a 400 naming it. */
async function domainUnique<T>(domain: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (isUniqueViolation(e, 'blade_tenant_domain_unique')) throw bad('tenant.domainTaken', { domain });
    throw e;
  }
}

/**
 * Changes a tenant's details. The domain picks the tenant of the sign-in page and the background is shown
 * on it, so only the platform administrator changes them; a tenant administrator's form may send them
 * back unchanged.
 */
export async function updateTenant(db: Db, scope: Scope, id: string, input: TenantInput): Promise<void> {
  const domain = domainOf(input.domain);
  const backgroundUrl = blankIsNull(input.backgroundUrl);
  if (!scope.isPlatformAdmin && (domain !== undefined || backgroundUrl !== undefined)) {
    const current = await tenants.detail(db, scope, id);
    if (
      (domain !== undefined && domain !== domainOf(current.domain as string | null)) ||
      (backgroundUrl !== undefined && backgroundUrl !== blankIsNull(current.backgroundUrl as string | null))
    )
      throw forbidden('tenant.brandingPlatformOnly');
  }
  await domainUnique(domain, () => tenants.update(db, scope, id, { ...input, domain, backgroundUrl }));
}

export interface NewTenant {
  id: string;
  tenantId: string;
  adminAccount: string;
  adminPassword: string;
}

async function freeTenantId(db: Db): Promise<string> {
  for (;;) {
    const id = String(randomInt(100000, 1000000));
    const taken = await first(
      db,
      scoped(allTenants)
        .selectFrom('blade_tenant', 'blade_tenant', { withDeleted: true })
        .select('id')
        .where('tenantId', '=', id),
    );
    if (!taken) return id;
  }
}

/**
 * A new tenant starts complete: its roles, its root department, its admin account (an initial
 * password, answered once), its menus and business dictionaries — all in one transaction.
 */
export async function createTenant(db: Db, scope: Scope, input: TenantInput): Promise<NewTenant> {
  requirePlatform(scope);
  const password = strongPassword();
  const hash = await hashPassword(password);
  const domain = domainOf(input.domain);
  const backgroundUrl = blankIsNull(input.backgroundUrl);
  return domainUnique(domain, () =>
    db.tx(async (t) => {
      if (
        await first(
          t,
          scoped(allTenants)
            .selectFrom('blade_tenant')
            .select('id')
            .where('tenantName', '=', input.tenantName.trim()),
        )
      ) {
        throw bad('tenant.nameTaken', { name: input.tenantName.trim() });
      }
      const tenantId = await freeTenantId(t);
      const id = await tenants.insert(t, scope, {
        ...input,
        domain,
        backgroundUrl,
        tenantName: input.tenantName.trim(),
        tenantId,
      });
      const roles = await seedTenantRoles(t, tenantId);
      const deptId = newId();
      // The new tenant's own rows: written in its scope.
      const inNew = scoped({ tenantId, isPlatformAdmin: false });
      const name = input.tenantName.trim();
      await exec(
        t,
        inNew.insertInto('blade_dept', {
          id: deptId,
          parentId: '0',
          ancestors: '0',
          deptName: name,
          fullName: name,
        }),
      );
      const userId = newId();
      const adminRole = roles.get('administrator')!;
      await exec(
        t,
        inNew.insertInto('blade_user', {
          id: userId,
          account: 'admin',
          password: hash,
          passwordInitial: true,
          name: '管理员',
          realName: '管理员',
          roleId: adminRole,
          deptId,
          status: 1,
        }),
      );
      await exec(t, globalDb.insertInto('blade_user_role').values({ userId, roleId: adminRole }));
      await exec(t, globalDb.insertInto('blade_user_dept').values({ userId, deptId }));
      await grantTenantAdminMenus(t, tenantId, roles.get('admin')!);
      await seedTenantDictionaries(t, tenantId);
      return { id, tenantId, adminAccount: 'admin', adminPassword: password };
    }),
  );
}

/** Removing a tenant ends its sessions at once; the platform tenant stays. */
export async function removeTenants(db: Db, scope: Scope, ids: string[]): Promise<number> {
  requirePlatform(scope);
  return db.tx(async (t) => {
    const rows = await all(
      t,
      scoped(scope)
        .selectFrom('blade_tenant', 'blade_tenant', { withDeleted: true })
        .select('tenantId')
        .where('id', '=', anyId(ids)),
    );
    if (rows.some((r) => r.tenantId === PLATFORM_TENANT)) throw bad('tenant.keepPlatform');
    const n = await tenants.remove(t, scope, ids);
    await exec(
      t,
      scoped(scope)
        .updateTable('auth_session')
        .set({ revokedAt: sql`now()`, revokeReason: 'tenant_removed' })
        .where('tenantId', '=', sql<string>`ANY(${rows.map((r) => r.tenantId)}::text[])`)
        .where('revokedAt', 'is', null),
    );
    return n;
  });
}
