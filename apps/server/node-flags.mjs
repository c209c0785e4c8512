/**
 * The Node flags the server runs with: `npm start` (scripts/start.mjs) and the chat benchmark pass them.
 *
 * --max-semi-space-size=64: a chat node holding 20,000 sockets has a live heap of some 250 MB, and each
 * major collection marks all of it (about 250 ms of a core, felt as a stall of the sends in flight). Under
 * load, the garbage of each message (frames, rows, promises) outlived V8's default 16 MB young generation,
 * was promoted, and brought a major collection every 10 s or so. In a 64 MB young generation most of it
 * dies young; a 16 MB young generation measured worse (more than twice the collection time).
 *
 * --heap-growing-percent=100: after a major collection the old generation may grow to twice what was live
 * before the next one. V8 otherwise sizes that headroom from how fast its collections are, and it judged a
 * chat node's collections cheap: it let the old generation grow only 10–15 % past the live heap, which at
 * 2,000 messages/s meant a major collection every 6–7 s, each stalling the sends in flight for 15–40 ms
 * (docs/bench.md). With the headroom fixed, one comes every minute or two at that rate, for at most twice
 * the live heap in memory.
 *
 * --min-semi-space-size=16: the least the young generation shrinks to when a quiet node gives it back
 * (src/platform/memory.ts), V8's own default size. From V8's 1 MB it took 27 s of load to regrow to its
 * 128 MB, and the first load after a quiet spell ran meanwhile with the small young generation the p99
 * above is about: 225–235 ms at 2,000 messages/s in all three runs, the top of the runs with nothing given
 * back (42–320 ms on that noisy machine); with this floor, 64–221 ms (docs/bench.md).
 */
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=64',
  '--min-semi-space-size=16',
  '--heap-growing-percent=100',
];

/**
 * What `npm start` runs the server with (scripts/start.mjs): the flags above. Not `--enable-source-maps`:
 * the launcher maps the bundle's stack traces to the TypeScript sources itself, reading the map with the
 * first trace that needs it (src/launch.ts, src/platform/stack-map.ts), where Node read and parsed it at
 * every start; and under that flag the launcher loads the bundle without its code cache. The restart bench
 * times a start with these flags (`BENCH_FLAGS=start`).
 */
export const START_NODE_FLAGS = [...SERVER_NODE_FLAGS];
