/**
 * The chat benchmark's peers: a plain Socket.IO relay with no auth and no sequence numbers. A client names
 * itself in the handshake and joins the room of its user id; `send` relays the message to the recipient's
 * room and acknowledges it.
 * - Without RELAY_STORE_URL, the relay stores nothing and acknowledges at once: the floor any chat server
 *   pays for sockets and fan-out alone, the peer of the target.
 * - With RELAY_STORE_URL (a PostgreSQL database), each message is first inserted, and relayed and
 *   acknowledged only after its commit: the least a server must add to be durable before it acknowledges,
 *   with the same group commit as ours (one statement for what arrived while earlier ones ran, at most
 *   MAX_IN_FLIGHT statements at once) into a table with nothing but a primary key. No membership, no
 *   per-conversation seq, no deduplication: what it costs on top of the plain relay is the price of
 *   storage alone on this machine.
 * Started by bench/src/im.ts (PORT from the environment).
 */
import http from 'node:http';
import pg from 'pg';
import { Server } from 'socket.io';

interface RelayMessage {
  to: string;
  text: string;
  id: string;
}

/** The same bounds as ours (apps/server/src/modules/im/writer.ts). */
const MAX_BATCH = 500;
const MAX_IN_FLIGHT = 2;

const storeUrl = process.env.RELAY_STORE_URL;
const store = storeUrl ? await groupCommit(storeUrl) : undefined;

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('ok');
});
const io = new Server(server, { transports: ['websocket'], serveClient: false });

io.on('connection', (socket) => {
  const userID = String(socket.handshake.auth.userID ?? '');
  if (!userID) return void socket.disconnect(true);
  void socket.join(userID);
  const relay = (msg: RelayMessage, ack?: (r: unknown) => void) => {
    io.to(msg.to).emit('msg', { from: userID, to: msg.to, text: msg.text, id: msg.id });
    ack?.({ ok: true, id: msg.id });
  };
  socket.on('send', (msg: RelayMessage, ack?: (r: unknown) => void) => {
    if (!store) return relay(msg, ack);
    store(userID, msg).then(
      () => relay(msg, ack),
      (e: Error) => ack?.({ ok: false, id: msg.id, error: e.message }),
    );
  });
});

/** Stores messages with group commit; each promise settles after the commit of the statement holding it. */
async function groupCommit(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: MAX_IN_FLIGHT });
  await pool.query(`CREATE TABLE IF NOT EXISTS relay_message (
    id bigserial PRIMARY KEY,
    sender text NOT NULL,
    recipient text NOT NULL,
    client_msg_id text NOT NULL,
    body text NOT NULL,
    create_time timestamptz NOT NULL DEFAULT now()
  )`);
  type Waiting = { sender: string; msg: RelayMessage; done: () => void; fail: (e: Error) => void };
  let queue: Waiting[] = [];
  let inFlight = 0;
  const pump = () => {
    while (inFlight < MAX_IN_FLIGHT && queue.length) {
      const batch = queue.length > MAX_BATCH ? queue.splice(0, MAX_BATCH) : queue;
      if (batch === queue) queue = [];
      inFlight++;
      pool
        .query({
          name: 'relay_store',
          text: `INSERT INTO relay_message (sender, recipient, client_msg_id, body)
                 SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])`,
          values: [
            batch.map((w) => w.sender),
            batch.map((w) => w.msg.to),
            batch.map((w) => w.msg.id),
            batch.map((w) => w.msg.text),
          ],
        })
        .then(
          () => batch.forEach((w) => w.done()),
          (e: Error) => batch.forEach((w) => w.fail(e)),
        )
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  };
  return (sender: string, msg: RelayMessage) =>
    new Promise<void>((done, fail) => {
      queue.push({ sender, msg, done, fail });
      pump();
    });
}

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => {
  void io.close();
  process.exit(0);
});
