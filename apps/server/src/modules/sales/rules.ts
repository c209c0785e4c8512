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
  const won = await db.query(
    `UPDATE sales_user_inquiry SET status = 'claimed', claimed_by = $3, claimed_at = now(), update_user = $3, update_time = now()
      WHERE id = $1 AND tenant_id = $2 AND status = 'pending' AND is_deleted = 0
      RETURNING id`,
    [id, tenantId, userId],
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
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO member_customer (id, tenant_id, name, phone, source, user_id, create_user, create_dept, update_user)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $6)
     ON CONFLICT (tenant_id, phone) WHERE is_deleted = 0 DO NOTHING
     RETURNING id`,
    [newId(), c.tenantId, c.name, c.phone, c.source ?? null, c.userId, c.deptId],
  );
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const found = await db.one<{ id: string }>(
    'SELECT id FROM member_customer WHERE tenant_id = $1 AND phone = $2 AND is_deleted = 0',
    [c.tenantId, c.phone],
  );
  return { id: found!.id, created: false };
}

/**
 * Reservations whose hold time has run out go back to stock (reserved → in_stock, the machine's lapse move);
 * answers the vehicles released. One statement, so a vehicle sold in the same moment is not touched.
 */
export async function releaseLapsedReservations(db: Db, now: Date = new Date()): Promise<string[]> {
  move('resource', 'reserved', 'in_stock');
  const rows = await db.query<{ id: string }>(
    `UPDATE sales_resource SET status = 'in_stock', reserved_until = NULL, reserved_offer_id = NULL, update_time = now()
      WHERE status = 'reserved' AND reserved_until <= $1 AND is_deleted = 0
      RETURNING id`,
    [now.toISOString()],
  );
  return rows.map((r) => r.id);
}

/** Sent offers past their validity date (the day before `today`) become expired; answers the offers expired. */
export async function expireOffers(db: Db, today: string): Promise<string[]> {
  move('offer', 'sent', 'expired');
  const rows = await db.query<{ id: string }>(
    `UPDATE sales_offer SET status = 'expired', closed_at = now(), update_time = now()
      WHERE status = 'sent' AND valid_until < $1::date AND is_deleted = 0
      RETURNING id`,
    [today],
  );
  return rows.map((r) => r.id);
}
