import type { Expression } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import {
  CUSTOMER_PREFIX,
  genderOfSex,
  issueTicket,
  registerPrincipalKind,
  seedSource,
  sessionsEnded,
} from '../im/index.js';
import { first, prepared, scoped, sql, type SqlBool } from '../../platform/sql/index.js';
import { activeStaff } from './profile.js';
import { everyTenant, liveSessions, type CustomerPrincipal } from './sessions.js';

/** A customer's chat user id: the prefix keeps it apart from staff accounts in the same tenant. */
export const customerChatId = (customerId: string) => `${CUSTOMER_PREFIX}${customerId}`;

const BIGINT_MAX = 9223372036854775807n;
// Only ids a bigint holds: the chat's sign-ins read customers in batches, where one id out of range would
// fail every sign-in of its statement.
const customerIdOf = (userID: string) => {
  const id = userID.slice(CUSTOMER_PREFIX.length);
  return /^\d{1,19}$/.test(id) && BigInt(id) <= BIGINT_MAX ? id : null;
};

/** 13601234501 → 136****4501: enough for the advisor to tell two customers of the same name apart. */
export const maskPhone = (phone: string) =>
  phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;

/** The customer's advisor: the active colleague of the customer's tenant responsible for them. */
const advisorQuery = (tenantId: string, customerId: string) =>
  scoped({ tenantId, isPlatformAdmin: false })
    .selectFrom('member_customer', 'c')
    .innerJoin(activeStaff(tenantId).as('u'), 'u.id', 'c.userId')
    .select(['u.account', 'u.realName', 'u.avatar'])
    .where('c.id', '=', customerId);

// The chat's sweep of live sockets (every tenant's) asks this often: a named statement. The array stays
// behind a subquery so PostgreSQL keeps one plan for it.
const sessionsLive = prepared('im_customer_sessions_live', (ids: string[]) =>
  liveSessions(everyTenant).where(sql<SqlBool>`s.id = ANY(ARRAY(SELECT unnest(${ids}::bigint[])))`),
);

/**
 * Customers as chat users (`cust_<id>`). Their profile starts from the customer record — the name, and the
 * masked number in the department slot the staff's chat header shows; they talk one-to-one with their
 * advisor only (either way round); a socket of theirs ends when the customer session behind its ticket
 * does (sign-out, disabled, removed).
 */
registerPrincipalKind('customer', {
  owns: (userID) => userID.startsWith(CUSTOMER_PREFIX),
  seed: seedSource({
    key: customerIdOf,
    query: (tenantId: string, id: string | Expression<string>) =>
      scoped({ tenantId, isPlatformAdmin: false })
        .selectFrom('member_customer')
        .select(['name', 'phone', 'sex'])
        .where('id', '=', sql<string>`${id}::bigint`),
    toSeed: (c) => ({
      nick: c.name,
      avatar: '',
      gender: genderOfSex(c.sex),
      department: maskPhone(c.phone),
    }),
  }),
  // A customer chats with the colleague responsible for them, and no one else; never in groups.
  async mayTalk(db, tenantId, self, peer) {
    const id = customerIdOf(self);
    if (!id) return false;
    return Boolean(await first(db, advisorQuery(tenantId, id).where('u.account', '=', peer)));
  },
  inGroups: false,
  endedSessions: (db, ids) => sessionsEnded(ids, (numeric) => sessionsLive.all(db, numeric)),
});

/** The staff member a customer may chat with: the active colleague responsible for them, or none yet. */
export async function advisorOf(
  db: Db,
  p: CustomerPrincipal,
): Promise<{ userID: string; name: string; avatar: string | null } | null> {
  const row = await first(db, advisorQuery(p.tenantId, p.customerId));
  return row ? { userID: row.account, name: row.realName || row.account, avatar: row.avatar } : null;
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
