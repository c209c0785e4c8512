import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { t, type Lang } from '../../platform/i18n.js';

/**
 * The online-sales staff member who gets the next new lead of a tenant: round-robin over the active users
 * with the online_sales role, in id order, from a per-tenant cursor locked for the transaction — so leads
 * are spread evenly even when two arrive at once, and a colleague who leaves simply drops out of the turn.
 * null when the tenant has no online-sales staff: the lead waits for an administrator to assign it.
 */
export async function nextOnlineSales(db: Db, tenantId: string): Promise<string | null> {
  return db.tx(async (tx) => {
    const staff = (
      await tx.query<{ id: string }>(
        `SELECT DISTINCT u.id FROM blade_user u
           JOIN blade_user_role ur ON ur.user_id = u.id
           JOIN blade_role r ON r.id = ur.role_id AND r.role_alias = 'online_sales' AND r.is_deleted = 0
          WHERE u.tenant_id = $1 AND u.is_deleted = 0 AND u.status = 1
          ORDER BY u.id`,
        [tenantId],
      )
    ).map((r) => String(r.id));
    if (!staff.length) return null;
    await tx.query(
      'INSERT INTO member_assign_cursor (tenant_id, last_user_id) VALUES ($1, 0) ON CONFLICT (tenant_id) DO NOTHING',
      [tenantId],
    );
    const cursor = await tx.one<{ last_user_id: string }>(
      'SELECT last_user_id FROM member_assign_cursor WHERE tenant_id = $1 FOR UPDATE',
      [tenantId],
    );
    const last = BigInt(cursor?.last_user_id ?? 0);
    const next = staff.find((id) => BigInt(id) > last) ?? staff[0]!;
    await tx.query('UPDATE member_assign_cursor SET last_user_id = $2 WHERE tenant_id = $1', [
      tenantId,
      next,
    ]);
    return next;
  });
}

/** The live customer of a phone in a tenant, created as an online lead when the number is new. */
export async function customerForSignIn(
  db: Db,
  lang: Lang,
  tenantId: string,
  phone: string,
): Promise<{ id: string; status: number; created: boolean }> {
  return db.tx(async (tx) => {
    const existing = await tx.one<{ id: string; status: number }>(
      'SELECT id, status FROM member_customer WHERE tenant_id = $1 AND phone = $2 AND is_deleted = 0',
      [tenantId, phone],
    );
    if (existing) return { id: String(existing.id), status: existing.status, created: false };
    const owner = await nextOnlineSales(tx, tenantId);
    const online = await tx.one(
      `SELECT 1 FROM blade_dict_biz WHERE tenant_id = $1 AND code = 'customer_source' AND dict_key = '3'
          AND parent_id <> 0 AND is_deleted = 0`,
      [tenantId],
    );
    const id = newId();
    // Two first sign-ins of one number at once: the unique index keeps one row, both sessions get it.
    await tx.query(
      `INSERT INTO member_customer (id, tenant_id, name, phone, source, user_id)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (tenant_id, phone) WHERE is_deleted = 0 DO NOTHING`,
      [
        id,
        tenantId,
        t(lang, 'member.leadName', { tail: phone.slice(-4) }),
        phone,
        online ? '3' : null,
        owner,
      ],
    );
    const row = (await tx.one<{ id: string; status: number }>(
      'SELECT id, status FROM member_customer WHERE tenant_id = $1 AND phone = $2 AND is_deleted = 0',
      [tenantId, phone],
    ))!;
    return { id: String(row.id), status: row.status, created: String(row.id) === id };
  });
}
