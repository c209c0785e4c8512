/**
 * The Node flags the server runs with: `npm start` (scripts/start.mjs) and the chat benchmark pass them.
 *
 * --max-semi-space-size=64: a chat node holding 20,000 sockets has a live heap of some 250 MB, and each
 * major collection marks all of it (about 250 ms of a core, felt as a stall of the sends in flight). Under
 * load, the garbage of each message (frames, rows, promises) outlived V8's default 16 MB young generation,
 * was promoted, and brought a major collection every 10 s or so. In a 64 MB young generation most of it
 * dies young: at 2,000 messages/s a major collection now comes every 6–7 s instead (docs/bench.md), and a
 * 16 MB young generation measured worse (more than twice the collection time).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
