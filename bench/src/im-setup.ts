/**
 * Bench users of the chat benchmark. Accounts, roles and sign-in sessions are written straight into the
 * database (signing in thousands of users over HTTP would measure argon2, not chat); access tokens are
 * minted with the server's JWT_SECRET exactly as sign-in mints them. Chat tickets come from the real
 * `GET /api/blade-im/sig/getSign/{id}`, fetched by each client right before it connects (im-clients.ts).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import pg from 'pg';

const TENANT = '000000';
const USER_BASE = 880_000_000_000_000_000n;
const SESSION_BASE = 881_000_000_000_000_000n;

export const benchAccount = (i: number) => `imb${String(i).padStart(6, '0')}`;

export interface BenchUser {
  account: string;
  token: string;
}

/** Creates `count` active staff users with the sales role (which holds the chat permission) and a session each. */
export async function createBenchUsers(
  databaseUrl: string,
  count: number,
  jwtSecret: string,
): Promise<BenchUser[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let roleId: string | undefined;
  try {
    const role = await db.query<{ id: string }>(
      `SELECT id::text FROM blade_role WHERE tenant_id = $1 AND role_alias = 'sales' AND is_deleted = 0 LIMIT 1`,
      [TENANT],
    );
    roleId = role.rows[0]?.id;
    if (!roleId) throw new Error('no sales role in tenant 000000: did the server seed its data?');
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO blade_user (id, tenant_id, account, password, password_initial, name, real_name, role_id, status)
       SELECT $1::bigint + g, $2, 'imb' || lpad(g::text, 6, '0'), '!bench: no password sign-in', false,
              'imb' || g, '压测 ' || g, $3, 1
         FROM generate_series(1, $4::int) g`,
      [USER_BASE.toString(), TENANT, roleId, count],
    );
    await db.query(
      `INSERT INTO blade_user_role (user_id, role_id) SELECT $1::bigint + g, $2::bigint FROM generate_series(1, $3::int) g`,
      [USER_BASE.toString(), roleId, count],
    );
    await db.query(
      `INSERT INTO auth_session (id, tenant_id, user_id, client_id, grant_type, refresh_jti, refresh_expires_at)
       SELECT $1::bigint + g, $2, $3::bigint + g, 'saber', 'bench', 'bench-' || g, now() + interval '1 day'
         FROM generate_series(1, $4::int) g`,
      [SESSION_BASE.toString(), TENANT, USER_BASE.toString(), count],
    );
    await db.query('COMMIT');
    // A live database's statistics are kept current by autovacuum; these thousands of rows were written a
    // moment ago, and the sign-in queries planned against the empty tables' statistics scanned whole tables
    // (0.4–0.6 ms a query). Only these tables: the chat tables stay as a new node's are, never analysed.
    await db.query('ANALYZE blade_user, blade_user_role, auth_session');
  } finally {
    await db.end();
  }
  const key = new TextEncoder().encode(jwtSecret);
  const users: BenchUser[] = [];
  for (let i = 1; i <= count; i++) {
    const uid = (USER_BASE + BigInt(i)).toString();
    const token = await new SignJWT({
      sid: (SESSION_BASE + BigInt(i)).toString(),
      uid,
      tid: TENANT,
      acc: benchAccount(i),
      // The guard reads permissions through the token's role ids.
      rids: [roleId as string],
      ral: ['sales'],
      did: null,
      cid: 'saber',
      typ: 'access',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('forecourt')
      .setSubject(uid)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(key);
    users.push({ account: benchAccount(i), token });
  }
  return users;
}
