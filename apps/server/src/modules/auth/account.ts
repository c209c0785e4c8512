import type { UserProfile as WireProfile } from '@forecourt/contracts';
import type { Db } from '../../platform/db/index.js';

/** What sign-in needs to know about an account. */
export interface AccountRow {
  id: string;
  tenant_id: string;
  account: string;
  password: string;
  status: number;
  failed_count: number;
  locked_left: string | null;
  oauth_id: string | null;
}

export async function findAccount(
  db: Db,
  tenantId: string,
  account: string,
): Promise<AccountRow | undefined> {
  return db.one<AccountRow>(
    `SELECT id, tenant_id, account, password, status, failed_count, oauth_id,
            CASE WHEN locked_until > now() THEN ceil(extract(epoch FROM (locked_until - now())) / 60) END AS locked_left
       FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0`,
    [tenantId, account],
  );
}

export interface TenantRow {
  tenant_id: string;
  status: number;
  expired: boolean;
}

export async function findTenant(db: Db, tenantId: string): Promise<TenantRow | undefined> {
  return db.one<TenantRow>(
    `SELECT tenant_id, status, coalesce(expire_time < now(), false) AS expired FROM blade_tenant WHERE tenant_id = $1 AND is_deleted = 0`,
    [tenantId],
  );
}

/** The profile the shell sees (contracts), plus the role aliases the token carries. */
export type UserProfile = WireProfile & { role_aliases: string[] };

export async function loadProfile(db: Db, userId: string): Promise<UserProfile | undefined> {
  const u = await db.one<{
    tenant_id: string;
    id: string;
    account: string;
    name: string | null;
    real_name: string | null;
    avatar: string | null;
    code: string | null;
    phone: string | null;
    email: string | null;
    sex: number;
    oauth_id: string | null;
    brand_names: string[];
    password_initial: boolean;
  }>(
    `SELECT tenant_id, id, account, name, real_name, avatar, code, phone, email, sex, oauth_id, brand_names, password_initial
       FROM blade_user WHERE id = $1 AND is_deleted = 0`,
    [userId],
  );
  if (!u) return undefined;
  const roles = await db.query<{ id: string; role_alias: string; role_name: string }>(
    `SELECT r.id, r.role_alias, r.role_name FROM blade_user_role ur JOIN blade_role r ON r.id = ur.role_id AND r.is_deleted = 0
      WHERE ur.user_id = $1 ORDER BY r.sort, r.id`,
    [userId],
  );
  const depts = await db.query<{ id: string; dept_name: string }>(
    `SELECT d.id, d.dept_name FROM blade_user_dept ud JOIN blade_dept d ON d.id = ud.dept_id AND d.is_deleted = 0
      WHERE ud.user_id = $1 ORDER BY d.sort, d.id`,
    [userId],
  );
  return {
    tenant_id: u.tenant_id,
    user_id: u.id,
    account: u.account,
    user_name: u.account,
    nick_name: u.name ?? u.real_name ?? u.account,
    real_name: u.real_name ?? '',
    role_name: roles.map((r) => r.role_alias).join(','),
    role_id: roles.map((r) => r.id).join(','),
    role_aliases: roles.map((r) => r.role_alias),
    dept_id: depts.map((d) => d.id).join(','),
    dept_name: depts.map((d) => d.dept_name).join(','),
    avatar: u.avatar ?? '',
    emp_no: u.code ?? '',
    phone: u.phone ?? '',
    email: u.email ?? '',
    sex: u.sex,
    oauth_id: u.oauth_id ?? '',
    brand_names: u.brand_names ?? [],
    password_initial: u.password_initial,
  };
}
