import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { sha256 } from '../../platform/auth/guard.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { strongPassword } from '../../platform/auth/generate.js';
import type { SeedContext } from '../module.js';

export const ROLE_ALIASES = [
  'administrator',
  'admin',
  'sales',
  'resource',
  'online_sales',
  'user',
  'finance',
] as const;
export type RoleAlias = (typeof ROLE_ALIASES)[number];

const ROLE_NAMES: Record<RoleAlias, string> = {
  administrator: '超级管理员',
  admin: '管理员',
  sales: '销售',
  resource: '资源专员',
  online_sales: '网销专员',
  user: '普通用户',
  finance: '财务',
};

/** The department tree of the demo company: [key, parent key, name, type (dict dept_category: 1 company, 2 department)]. */
const DEPTS: Array<[string, string | null, string, 1 | 2 | 3]> = [
  ['hq', null, '前庭汽车集团', 1],
  ['sales', 'hq', '销售中心', 2],
  ['sales1', 'sales', '新车销售一部', 2],
  ['sales2', 'sales', '新车销售二部', 2],
  ['resource', 'hq', '车源资源部', 2],
  ['online', 'hq', '网络营销部', 2],
  ['finance', 'hq', '财务部', 2],
  ['admin', 'hq', '综合管理部', 2],
];

interface StaffSeed {
  account: string;
  realName: string;
  name: string;
  code: string;
  phone: string;
  sex: 1 | 2;
  role: RoleAlias;
  dept: string;
  brands: string[];
  demo: boolean;
}

/** Demo staff: realistic names, employee numbers, phones and responsible brands. */
export const STAFF: StaffSeed[] = [
  {
    account: 'admin',
    realName: '管理员',
    name: 'admin',
    code: 'FC0001',
    phone: '13800000000',
    sex: 1,
    role: 'administrator',
    dept: 'admin',
    brands: [],
    demo: false,
  },
  {
    account: 'sales1',
    realName: '王建国',
    name: '建国',
    code: 'FC1001',
    phone: '13912345601',
    sex: 1,
    role: 'sales',
    dept: 'sales1',
    brands: ['丰田', '本田'],
    demo: true,
  },
  {
    account: 'sales2',
    realName: '李晓梅',
    name: '晓梅',
    code: 'FC1002',
    phone: '13912345602',
    sex: 2,
    role: 'sales',
    dept: 'sales2',
    brands: ['大众', '奥迪'],
    demo: true,
  },
  {
    account: 'resource1',
    realName: '张伟',
    name: '张伟',
    code: 'FC2001',
    phone: '13912345603',
    sex: 1,
    role: 'resource',
    dept: 'resource',
    brands: ['比亚迪', '吉利'],
    demo: true,
  },
  {
    account: 'resource2',
    realName: '刘芳',
    name: '刘芳',
    code: 'FC2002',
    phone: '13912345604',
    sex: 2,
    role: 'resource',
    dept: 'resource',
    brands: ['宝马', '奔驰'],
    demo: true,
  },
  {
    account: 'online1',
    realName: '陈思远',
    name: '思远',
    code: 'FC3001',
    phone: '13912345605',
    sex: 1,
    role: 'online_sales',
    dept: 'online',
    brands: ['特斯拉', '蔚来'],
    demo: true,
  },
  {
    account: 'online2',
    realName: '赵雨桐',
    name: '雨桐',
    code: 'FC3002',
    phone: '13912345606',
    sex: 2,
    role: 'online_sales',
    dept: 'online',
    brands: ['理想', '小鹏'],
    demo: true,
  },
  {
    account: 'finance1',
    realName: '孙嘉怡',
    name: '嘉怡',
    code: 'FC4001',
    phone: '13912345607',
    sex: 2,
    role: 'finance',
    dept: 'finance',
    brands: [],
    demo: true,
  },
];

export const CLIENTS: Array<[string, string]> = [
  ['saber', 'saber_secret'],
  ['sword', 'sword_secret'],
];

export const PLATFORM_TENANT_ID = '000000';

/** Tenant 000000, the OAuth clients, roles, departments and staff. Runs once: skipped when the tenant exists. */
export async function seedCore(ctx: SeedContext): Promise<void> {
  const { db, config } = ctx;
  const exists = await db.one('SELECT 1 FROM blade_tenant WHERE tenant_id = $1', [PLATFORM_TENANT_ID]);
  if (exists) return;

  const adminGenerated = !config.ADMIN_PASSWORD;
  const demoGenerated = !config.DEMO_PASSWORD;
  const adminPassword = config.ADMIN_PASSWORD ?? strongPassword();
  const demoPassword = config.DEMO_PASSWORD ?? strongPassword();
  const [adminHash, demoHash] = await Promise.all([hashPassword(adminPassword), hashPassword(demoPassword)]);

  await db.tx(async (t) => {
    await t.query(
      `INSERT INTO blade_tenant (id, tenant_id, tenant_name, domain, linkman, contact_number, address)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        newId(),
        PLATFORM_TENANT_ID,
        '前庭汽车集团',
        null,
        '管理员',
        '13800000000',
        '上海市浦东新区世纪大道 100 号',
      ],
    );
    for (const [id, secret] of CLIENTS) {
      await t.query('INSERT INTO blade_client (id, client_id, secret_hash) VALUES ($1, $2, $3)', [
        newId(),
        id,
        sha256(secret),
      ]);
    }
    const roleIds = await seedTenantRoles(t, PLATFORM_TENANT_ID);
    const deptIds = new Map<string, string>();
    for (const [i, [key, parent, name, category]] of DEPTS.entries()) {
      const id = newId();
      const parentId = parent ? deptIds.get(parent)! : '0';
      const ancestors = parent
        ? `${(await t.one<{ a: string }>('SELECT ancestors AS a FROM blade_dept WHERE id = $1', [parentId]))!.a},${parentId}`
        : '0';
      await t.query(
        'INSERT INTO blade_dept (id, tenant_id, parent_id, ancestors, dept_name, full_name, sort, dept_category) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [id, PLATFORM_TENANT_ID, parentId, ancestors, name, name, i, category],
      );
      deptIds.set(key, id);
    }
    for (const s of STAFF) {
      if (s.demo && !config.SEED_DEMO) continue;
      const id = newId();
      const roleId = roleIds.get(s.role)!;
      const deptId = deptIds.get(s.dept)!;
      await t.query(
        `INSERT INTO blade_user (id, tenant_id, code, account, password, password_initial, name, real_name, email, phone, sex,
                                 role_id, dept_id, brand_names)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          id,
          PLATFORM_TENANT_ID,
          s.code,
          s.account,
          s.demo ? demoHash : adminHash,
          s.demo ? demoGenerated : adminGenerated,
          s.name,
          s.realName,
          `${s.account}@forecourt.example`,
          s.phone,
          s.sex,
          roleId,
          deptId,
          JSON.stringify(s.brands),
        ],
      );
      await t.query('INSERT INTO blade_user_role (user_id, role_id) VALUES ($1, $2)', [id, roleId]);
      await t.query('INSERT INTO blade_user_dept (user_id, dept_id) VALUES ($1, $2)', [id, deptId]);
    }
  });

  const lines: string[] = [];
  if (adminGenerated) lines.push(`admin password: ${adminPassword}`);
  if (demoGenerated && config.SEED_DEMO)
    lines.push(
      `demo staff (sales1, sales2, resource1, resource2, online1, online2, finance1) password: ${demoPassword}`,
    );
  if (lines.length) {
    writeInitialPasswords(config.dataDir, lines);
    ctx.credentials.push(
      ...lines,
      `(written to ${path.join(config.dataDir, 'initial-passwords.txt')}, readable only by you; change them after the first sign-in)`,
    );
  }
  ctx.log('seeded tenant 000000, clients, roles, departments and staff');
}

/** The roles every tenant starts with. Returns alias → id. */
export async function seedTenantRoles(db: Db, tenantId: string): Promise<Map<RoleAlias, string>> {
  const ids = new Map<RoleAlias, string>();
  for (const [i, alias] of ROLE_ALIASES.entries()) {
    const id = newId();
    await db.query(
      'INSERT INTO blade_role (id, tenant_id, role_name, role_alias, sort) VALUES ($1, $2, $3, $4, $5)',
      [id, tenantId, ROLE_NAMES[alias], alias, i + 1],
    );
    ids.set(alias, id);
  }
  return ids;
}

function writeInitialPasswords(dir: string, lines: string[]) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'initial-passwords.txt');
  fs.writeFileSync(
    file,
    `Forecourt initial passwords (tenant 000000), ${new Date().toISOString()}\n${lines.join('\n')}\n`,
    { mode: 0o600 },
  );
  fs.chmodSync(file, 0o600);
}
