/**
 * The chat benchmark's peer: a plain Socket.IO relay with no storage, no auth and no sequence numbers.
 * A client names itself in the handshake and joins the room of its user id; `send` relays the message
 * to the recipient's room and acknowledges at once. It is the floor any chat server pays for sockets and
 * fan-out alone, so the gap to it is what storing, ordering and authorising costs.
 * Started by bench/src/im.ts (PORT from the environment).
 */
import http from 'node:http';
import { Server } from 'socket.io';

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end('ok');
});
const io = new Server(server, { transports: ['websocket'], serveClient: false });

io.on('connection', (socket) => {
  const userID = String(socket.handshake.auth.userID ?? '');
  if (!userID) return void socket.disconnect(true);
  void socket.join(userID);
  socket.on('send', (msg: { to: string; text: string; id: string }, ack?: (r: unknown) => void) => {
    io.to(msg.to).emit('msg', { from: userID, to: msg.to, text: msg.text, id: msg.id });
    ack?.({ ok: true, id: msg.id });
  });
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
process.on('SIGTERM', () => {
  void io.close();
  process.exit(0);
});
