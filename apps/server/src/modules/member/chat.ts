import type { Db } from '../../platform/db/index.js';
import {
  CUSTOMER_PREFIX,
  genderOfSex,
  issueTicket,
  registerPrincipalKind,
  sessionsEnded,
} from '../im/index.js';
import type { CustomerPrincipal } from './sessions.js';

/** A customer's chat user id: the prefix keeps it apart from staff accounts in the same tenant. */
export const customerChatId = (customerId: string) => `${CUSTOMER_PREFIX}${customerId}`;

const customerIdOf = (userID: string) => {
  const id = userID.slice(CUSTOMER_PREFIX.length);
  return /^\d{1,19}$/.test(id) ? id : null;
};

/** 13601234501 → 136****4501: enough for the advisor to tell two customers of the same name apart. */
export const maskPhone = (phone: string) =>
  phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;

/**
 * Customers as chat users (`cust_<id>`). Their profile starts from the customer record — the name, and the
 * masked number in the department slot the staff's chat header shows; they talk one-to-one with their
 * advisor only (either way round); a socket of theirs ends when the customer session behind its ticket
 * does (sign-out, disabled, removed).
 */
registerPrincipalKind('customer', {
  owns: (userID) => userID.startsWith(CUSTOMER_PREFIX),
  async profileSeed(db, tenantId, userID) {
    const id = customerIdOf(userID);
    if (!id) return null;
    const c = await db.one<{ name: string; phone: string; sex: number }>(
      'SELECT name, phone, sex FROM member_customer WHERE id = $1 AND tenant_id = $2 AND is_deleted = 0',
      [id, tenantId],
    );
    if (!c) return null;
    return { nick: c.name, avatar: '', gender: genderOfSex(c.sex), department: maskPhone(c.phone) };
  },
  // A customer chats with the colleague responsible for them, and no one else; never in groups.
  async mayTalk(db, tenantId, self, peer) {
    const id = customerIdOf(self);
    if (!id) return false;
    return Boolean(
      await db.one(
        `SELECT 1 FROM member_customer c
           JOIN blade_user u ON u.id = c.user_id AND u.tenant_id = c.tenant_id AND u.is_deleted = 0 AND u.status = 1
          WHERE c.id = $1 AND c.tenant_id = $2 AND c.is_deleted = 0 AND u.account = $3`,
        [id, tenantId, peer],
      ),
    );
  },
  inGroups: false,
  endedSessions: (db, ids) =>
    sessionsEnded(ids, (numeric) =>
      db.query<{ id: string }>(
        `SELECT s.id FROM member_session s
           JOIN member_customer c ON c.id = s.customer_id AND c.is_deleted = 0 AND c.status = 1
          WHERE s.id = ANY(ARRAY(SELECT unnest($1::bigint[]))) AND s.revoked_at IS NULL AND s.expires_at > now()`,
        [numeric],
        { name: 'im_customer_sessions_live' },
      ),
    ),
});

/** The staff member a customer may chat with: the active colleague responsible for them, or none yet. */
export async function advisorOf(
  db: Db,
  p: CustomerPrincipal,
): Promise<{ userID: string; name: string; avatar: string | null } | null> {
  const row = await db.one<{ account: string; real_name: string | null; avatar: string | null }>(
    `SELECT u.account, u.real_name, u.avatar
       FROM member_customer c
       JOIN blade_user u ON u.id = c.user_id AND u.tenant_id = c.tenant_id AND u.is_deleted = 0 AND u.status = 1
      WHERE c.id = $1 AND c.tenant_id = $2 AND c.is_deleted = 0`,
    [p.customerId, p.tenantId],
  );
  return row ? { userID: row.account, name: row.real_name || row.account, avatar: row.avatar } : null;
}

/** A chat ticket for the signed-in customer, bound to their session (signing out ends the chat too). */
export const customerTicket = (db: Db, p: CustomerPrincipal, ttlS: number) =>
  issueTicket(
    db,
    {
      kind: 'customer',
      tenantId: p.tenantId,
      userID: customerChatId(p.customerId),
      sessionId: p.sessionId,
      accountId: p.customerId,
    },
    ttlS,
  );
