import { randomBytes } from 'node:crypto';
import { ERROR_CODE } from '@forecourt/im-sdk/types';
import { hs256, type Hs256 } from '../../platform/auth/jwt.js';
import type { Db } from '../../platform/db/index.js';
import { getOrCreateSecret } from '../../platform/secrets.js';
import { ImError } from './errors.js';
import type { Principal } from './principals.js';

/**
 * Chat tickets (the hosted service's "userSig"): short-lived JWTs naming tenant, user id, principal kind
 * and sign-in session, signed with a key of their own kept in sys_secret (every node shares it). A
 * ticket only opens the socket; the socket then hands out a resume token bound to its instance, so
 * reconnects need no new ticket.
 */
const ISSUER = 'forecourt-im';
type Typ = 'im-ticket' | 'im-resume';

const keys = new WeakMap<Db, Promise<Hs256>>();
function keyOf(db: Db): Promise<Hs256> {
  let k = keys.get(db);
  if (!k) {
    k = getOrCreateSecret(db, 'im_ticket_secret', () => randomBytes(48).toString('base64url')).then((s) =>
      hs256(s, ISSUER),
    );
    keys.set(db, k);
    k.catch(() => keys.delete(db));
  }
  return k;
}

async function sign(db: Db, typ: Typ, p: Principal, ttlS: number, nowMs: number, instanceId?: string) {
  return (await keyOf(db)).sign(
    {
      typ,
      tid: p.tenantId,
      knd: p.kind,
      sid: p.sessionId,
      aid: p.accountId,
      ...(instanceId ? { ins: instanceId } : {}),
      sub: p.userID,
    },
    ttlS,
    nowMs,
  );
}

/** A ticket for getSign (or a customer's equivalent): valid ttlS seconds. */
export function issueTicket(db: Db, p: Principal, ttlS: number, nowMs = Date.now()): Promise<string> {
  return sign(db, 'im-ticket', p, ttlS, nowMs);
}

export function issueResume(db: Db, p: Principal, instanceId: string, ttlS: number, nowMs = Date.now()) {
  return sign(db, 'im-resume', p, ttlS, nowMs, instanceId);
}

/**
 * The principal of a ticket or of a resume token of this instance, when it names this user and has not
 * expired at `nowMs`; else INVALID_SIG.
 */
export async function verifyTicket(
  db: Db,
  token: string,
  userID: string,
  instanceId: string,
  nowMs = Date.now(),
): Promise<Principal> {
  try {
    const payload = (await keyOf(db)).verify(token, nowMs);
    const typ = payload.typ as Typ;
    if (typ !== 'im-ticket' && typ !== 'im-resume') throw new Error('typ');
    if (typ === 'im-resume' && payload.ins !== instanceId) throw new Error('instance');
    if (payload.sub !== userID) throw new Error('user');
    return {
      kind: String(payload.knd),
      tenantId: String(payload.tid),
      userID,
      sessionId: payload.sid === null || payload.sid === undefined ? null : String(payload.sid),
      accountId: payload.aid === null || payload.aid === undefined ? null : String(payload.aid),
    };
  } catch {
    throw new ImError(ERROR_CODE.INVALID_SIG, 'im.ticketInvalid');
  }
}
