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
