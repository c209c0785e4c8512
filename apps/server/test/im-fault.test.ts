/**
 * Fault test: the BUILT server (dist/main.js) is killed with SIGKILL in the middle of a burst of sends
 * and started again on the same database. Every message the server acknowledged must be stored exactly
 * once, and the receivers' catch-up must have no gap and no duplicate. Server tests run on both projects:
 * on PostgreSQL (a fresh database) and on the embedded PGlite data folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sm2 } from 'sm-crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, EVENT, type Client, type Message } from '@forecourt/im-sdk';
import { BASIC, TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD, dbLabel, onPostgres } from './harness.js';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

interface Server {
  proc: ChildProcess;
  output: () => string;
}

async function start(port: number, env: Record<string, string>): Promise<Server> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DATABASE_URL')));
  const proc = spawn(process.execPath, [main], {
    env: { ...base, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const t0 = Date.now();
  while (!out.includes('Forecourt is running')) {
    // A SIGKILLed PGlite server leaves its folder lock behind; it counts as stale after 15 s.
    if (proc.exitCode !== null && /in use by another Forecourt process/.test(out)) {
      await new Promise((r) => setTimeout(r, 1000));
      return start(port, env);
    }
    if (proc.exitCode !== null) throw new Error(`the server stopped:\n${out}`);
    if (Date.now() - t0 > 90_000) throw new Error(`the server did not start within 90 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { proc, output: () => out };
}

async function signInStaff(origin: string, account: string): Promise<string> {
  const key = (
    (await (
      await fetch(`${origin}/api/blade-auth/oauth/public-key`, { headers: { authorization: BASIC } })
    ).json()) as { data: { publicKey: string } }
  ).data.publicKey;
  const q = new URLSearchParams({
    tenantId: '000000',
    username: account,
    password: sm2.doEncrypt(TEST_DEMO_PASSWORD, key, 1),
    grant_type: 'password',
    scope: 'all',
  });
  const answer = (await (
    await fetch(`${origin}/api/blade-auth/oauth/token?${q}`, {
      method: 'POST',
      headers: { authorization: BASIC },
    })
  ).json()) as { access_token?: string; error_description?: string };
  if (!answer.access_token) throw new Error(`${account}: ${answer.error_description}`);
  const sig = (await (
    await fetch(`${origin}/api/blade-im/sig/getSign/${account}`, {
      headers: { authorization: BASIC, 'blade-auth': `bearer ${answer.access_token}` },
    })
  ).json()) as { data: string };
  return sig.data;
}

interface Party {
  userID: string;
  client: Client;
  received: Message[];
}

describe(`chat survives a server killed mid-burst (${dbLabel})`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-fault-'));
  let port = 0;
  let env: Record<string, string> = {};
  let server: Server | undefined;
  let dbName = '';
  const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const parties: Party[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(main))
      throw new Error(`${main} is missing: run \`npm run build -w apps/server\` first`);
    port = await freePort();
    env = {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      DEMO_PASSWORD: TEST_DEMO_PASSWORD,
      CAPTCHA_MODE: 'off',
      IM_SEND_RATE: '10000',
      IM_SEND_BURST: '100000',
    };
    if (onPostgres) {
      dbName = `ft_fault_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const u = new URL(adminUrl);
      u.pathname = `/${dbName}`;
      env.DATABASE_URL = u.toString();
    }
    server = await start(port, env);
  });

  afterAll(async () => {
    for (const p of parties) await p.client.destroy();
    if (server && server.proc.exitCode === null) {
      server.proc.kill('SIGTERM');
      await new Promise((r) => server!.proc.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  // PGlite waits out its stale folder lock (15 s) on the restart: allow for it.
  it(
    'stores every acknowledged message exactly once and the receivers catch up without a gap',
    { timeout: 240_000 },
    async () => {
      const origin = `http://127.0.0.1:${port}`;
      for (const userID of ['sales1', 'sales2', 'online1', 'online2']) {
        // Sends may wait out the restart: they are retried with their clientMsgId after the reconnect.
        const client = create({
          server: origin,
          timeoutMs: 120_000,
          reconnect: { minDelayMs: 100, maxDelayMs: 1000 },
        });
        const p: Party = { userID, client, received: [] };
        client.on(EVENT.MESSAGE_RECEIVED, (e) => p.received.push(...e.data));
        await client.login({ userID, userSig: await signInStaff(origin, userID) });
        parties.push(p);
      }
      const [a, b, c, d] = parties as [Party, Party, Party, Party];
      const pairs: [Party, Party][] = [
        [a, b],
        [c, d],
      ];

      const N = 400;
      const acked = new Map<string, Message>();
      const failed: Message[] = [];
      let killedAt = -1;
      // Kill the server once part of the burst is acknowledged, then start it again on the same database.
      const killer = (async () => {
        while (acked.size < 150) await new Promise((r) => setTimeout(r, 5));
        killedAt = acked.size;
        server!.proc.kill('SIGKILL');
        await new Promise((r) => server!.proc.once('exit', r));
        server = await start(port, env);
      })();
      const sends: Promise<void>[] = [];
      for (let i = 0; i < N; i++) {
        for (const [from, to] of pairs) {
          const m = from.client.createTextMessage({
            to: to.userID,
            conversationType: 'C2C',
            payload: { text: `${from.userID}#${i}` },
          });
          sends.push(
            from.client.sendMessage(m).then(
              () => void acked.set(m.clientMsgId, m),
              () => void failed.push(m),
            ),
          );
        }
        // Sends keep coming while the server is down and while it starts again.
        await new Promise((r) => setTimeout(r, 5));
      }
      await killer;
      await Promise.all(sends);
      expect(killedAt).toBeGreaterThan(0);
      expect(acked.size).toBeGreaterThan(killedAt); // the burst went on across the restart
      // Nothing the user sent was lost: sends in flight at the kill went out again after the reconnect.
      expect(failed).toEqual([]);
      expect(acked.size).toBe(2 * N);

      for (const [from, to] of pairs) {
        const mine = [...acked.values()].filter((m) => m.from === from.userID);
        const lastSeq = Math.max(...mine.map((m) => m.seq));
        // The receiver's catch-up: every seq from 1 to the last, once, in order.
        await expect
          .poll(() => to.received.filter((m) => m.from === from.userID).length, { timeout: 30_000 })
          .toBeGreaterThanOrEqual(lastSeq);
        await new Promise((r) => setTimeout(r, 300));
        const got = to.received.filter((m) => m.from === from.userID);
        expect(got.map((m) => m.seq)).toEqual(Array.from({ length: got.length }, (_, i) => i + 1));
        expect(new Set(got.map((m) => m.clientMsgId)).size).toBe(got.length);
        const byClientId = new Map(got.map((m) => [m.clientMsgId, m]));
        for (const m of mine) {
          const seen = byClientId.get(m.clientMsgId);
          expect(seen, `acknowledged ${m.clientMsgId} reached the receiver`).toBeDefined();
          expect(seen!.ID).toBe(m.ID);
          expect(seen!.seq).toBe(m.seq);
          expect(seen!.payload).toEqual(m.payload);
        }

        // The stored history, paged as the chat screen does: each acknowledged message exactly once.
        const history: Message[] = [];
        let cursor: string | undefined;
        for (;;) {
          const page = (
            await from.client.getMessageList({ conversationID: `C2C${to.userID}`, nextReqMessageID: cursor })
          ).data;
          history.unshift(...page.messageList);
          cursor = page.nextReqMessageID;
          if (page.isCompleted) break;
        }
        expect(history.map((m) => m.seq)).toEqual(Array.from({ length: history.length }, (_, i) => i + 1));
        const counts = new Map<string, number>();
        for (const m of history) counts.set(m.clientMsgId, (counts.get(m.clientMsgId) ?? 0) + 1);
        for (const m of mine) expect(counts.get(m.clientMsgId)).toBe(1);
        expect([...counts.values()].every((n) => n === 1)).toBe(true);
      }
    },
  );
});
