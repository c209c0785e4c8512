import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { t, type Lang } from '../../platform/i18n.js';
import { all, exec, first, scoped, sql } from '../../platform/sql/index.js';

/**
 * The online-sales staff member who gets the next new lead of a tenant: round-robin over the active users
 * with the online_sales role, in id order, from a per-tenant cursor locked for the transaction — so leads
 * are spread evenly even when two arrive at once, and a colleague who leaves simply drops out of the turn.
 * null when the tenant has no online-sales staff: the lead waits for an administrator to assign it.
 */
export async function nextOnlineSales(db: Db, tenantId: string): Promise<string | null> {
  const own = scoped({ tenantId, isPlatformAdmin: false });
  return db.tx(async (tx) => {
    const onlineSales = own
      .selectFrom('blade_role', 'r')
      .select('r.id')
      .where('r.roleAlias', '=', 'online_sales');
    const staff = (
      await all(
        tx,
        own
          .selectFrom('blade_user', 'u')
          .innerJoin('blade_user_role as ur', 'ur.userId', 'u.id')
          .innerJoin(onlineSales.as('r'), 'r.id', 'ur.roleId')
          .select('u.id')
          .distinct()
          .where('u.status', '=', 1)
          .orderBy('u.id'),
      )
    ).map((r) => String(r.id));
    if (!staff.length) return null;
    await exec(
      tx,
      own
        .insertInto('member_assign_cursor', { lastUserId: '0' })
        .onConflict((oc) => oc.column('tenantId').doNothing()),
    );
    const cursor = await first(tx, own.selectFrom('member_assign_cursor').select('lastUserId').forUpdate());
    const last = BigInt(cursor?.lastUserId ?? 0);
    const next = staff.find((id) => BigInt(id) > last) ?? staff[0]!;
    await exec(tx, own.updateTable('member_assign_cursor').set({ lastUserId: next }));
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
  const own = scoped({ tenantId, isPlatformAdmin: false });
  const live = (tx: Db) =>
    first(tx, own.selectFrom('member_customer').select(['id', 'status']).where('phone', '=', phone));
  return db.tx(async (tx) => {
    const existing = await live(tx);
    if (existing) return { id: String(existing.id), status: existing.status, created: false };
    const owner = await nextOnlineSales(tx, tenantId);
    const online = await first(
      tx,
      own
        .selectFrom('blade_dict_biz')
        .select('id')
        .where('code', '=', 'customer_source')
        .where('dictKey', '=', '3')
        .where('parentId', '<>', '0'),
    );
    const id = newId();
    // Two first sign-ins of one number at once: the unique index keeps one row, both sessions get it.
    await exec(
      tx,
      own
        .insertInto('member_customer', {
          id,
          name: t(lang, 'member.leadName', { tail: phone.slice(-4) }),
          phone,
          source: online ? '3' : null,
          userId: owner,
        })
        // The index's predicate as a literal: a named statement (PGlite keeps every one) cannot match
        // the partial unique index to `is_deleted = $1`.
        .onConflict((oc) =>
          oc.columns(['tenantId', 'phone']).where('isDeleted', '=', sql.lit(0)).doNothing(),
        ),
    );
    const row = (await live(tx))!;
    return { id: String(row.id), status: row.status, created: String(row.id) === id };
  });
}
