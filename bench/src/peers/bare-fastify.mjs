// The peer: a bare Fastify process doing only the irreducible work of each measured route,
// so the figures of Forecourt can be read against it in the same run on the same machine.
import fs from 'node:fs';
import Fastify from 'fastify';
import argon2 from 'argon2';
import { SignJWT } from 'jose';

const app = Fastify({ logger: false });
const routes = process.env.PEER_ROUTES_FILE
  ? JSON.parse(fs.readFileSync(process.env.PEER_ROUTES_FILE, 'utf8'))
  : [];
const hash = await argon2.hash('Admin#Bench2026', {
  type: argon2.argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
});
const key = new TextEncoder().encode('x'.repeat(48));

app.get('/hello', async () => ({ code: 200, success: true, data: 'hello', msg: 'success' }));
app.get('/routes', async () => ({ code: 200, success: true, data: routes, msg: 'success' }));
// Sign-in's irreducible work: one argon2id verification and two signed tokens.
app.post('/token', async () => {
  const ok = await argon2.verify(hash, 'Admin#Bench2026');
  const access = await new SignJWT({ uid: '1' })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('1h')
    .sign(key);
  const refresh = await new SignJWT({ uid: '1', typ: 'refresh' })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime('7d')
    .sign(key);
  return { ok, access_token: access, refresh_token: refresh };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
