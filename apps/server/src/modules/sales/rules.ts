/**
 * The server's side of the sales rules: the shared checks turned into the server's errors, and the writes
 * whose correctness lives in one statement (the claim race).
 */
import {
  type MachineKind,
  type MoveContext,
  SalesRuleError,
  type StateOf,
  transition,
} from '@forecourt/contracts/sales';
import { AppError, bad } from '../../platform/errors.js';
import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { all, allTenants, first, scoped, sql } from '../../platform/sql/index.js';
import './messages.js';

/** A SalesRuleError as a 400 the caller reads in their language; anything else unchanged. */
export function asAppError(e: unknown): unknown {
  return e instanceof SalesRuleError ? bad(e.key, e.params) : e;
}

/** transition() for handlers: a refused move is a 400 naming both states. */
export function move<K extends MachineKind>(
  kind: K,
  from: string,
  to: string,
  ctx?: MoveContext,
): StateOf<K> {
  try {
    return transition(kind, from, to, ctx);
  } catch (e) {
    throw asAppError(e);
  }
}

/**
 * Claims a waiting user inquiry for `userId`. One conditional UPDATE decides: of any number of claims at the
 * same moment exactly one finds the row still pending; the others are told it is taken (409).
 */
export async function claimUserInquiry(db: Db, tenantId: string, id: string, userId: string): Promise<void> {
  const own = scoped({ tenantId, isPlatformAdmin: false });
  const won = await all(
    db,
    own
      .updateTable('sales_user_inquiry')
      .set({
        status: 'claimed',
        claimedBy: userId,
        claimedAt: sql`now()`,
        updateUser: userId,
        updateTime: sql`now()`,
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning('id'),
  );
  if (!won.length) throw new AppError(409, 'sales.userInquiryTaken');
}

/**
 * The customer with this phone in the tenant, created with `name` when there is none. The unique
 * (tenant_id, phone) index of member_customer decides between two simultaneous creations: the loser's INSERT
 * does nothing and it reads the winner's row, so a phone never becomes two customers.
 */
export async function findOrCreateCustomer(
  db: Db,
  c: {
    tenantId: string;
    name: string;
    phone: string;
    userId: string | null;
    deptId: string | null;
    source?: string;
  },
): Promise<{ id: string; created: boolean }> {
  const own = scoped({ tenantId: c.tenantId, isPlatformAdmin: false });
  const inserted = await first(
    db,
    own
      .insertInto('member_customer', {
        id: newId(),
        name: c.name,
        phone: c.phone,
        source: c.source ?? null,
        userId: c.userId,
        createUser: c.userId,
        createDept: c.deptId,
        updateUser: c.userId,
      })
      // The index's predicate as a literal: a named statement (PGlite keeps every one) cannot match
      // the partial unique index to `is_deleted = $1`.
      .onConflict((oc) => oc.columns(['tenantId', 'phone']).where('isDeleted', '=', sql.lit(0)).doNothing())
      .returning('id'),
  );
  if (inserted) return { id: inserted.id, created: true };
  const found = await first(db, own.selectFrom('member_customer').select('id').where('phone', '=', c.phone));
  return { id: found!.id, created: false };
}

/**
 * Reservations whose hold time has run out go back to stock (reserved → in_stock, the machine's lapse move);
 * answers the vehicles released. One statement, so a vehicle sold in the same moment is not touched.
 */
export async function releaseLapsedReservations(db: Db, now: Date = new Date()): Promise<string[]> {
  move('resource', 'reserved', 'in_stock');
  // Every tenant's vehicles: the sweep runs for the node, not for a caller.
  const rows = await all(
    db,
    scoped(allTenants)
      .updateTable('sales_resource')
      .set({ status: 'in_stock', reservedUntil: null, reservedOfferId: null, updateTime: sql`now()` })
      .where('status', '=', 'reserved')
      .where('reservedUntil', '<=', sql<Date>`${now.toISOString()}`)
      .returning('id'),
  );
  return rows.map((r) => r.id);
}

/** Sent offers past their validity date (the day before `today`) become expired; answers the offers expired. */
export async function expireOffers(db: Db, today: string): Promise<string[]> {
  move('offer', 'sent', 'expired');
  const rows = await all(
    db,
    scoped(allTenants)
      .updateTable('sales_offer')
      .set({ status: 'expired', closedAt: sql`now()`, updateTime: sql`now()` })
      .where('status', '=', 'sent')
      .where('validUntil', '<', sql<Date>`${today}::date`)
      .returning('id'),
  );
  return rows.map((r) => r.id);
}
