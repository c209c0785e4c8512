/**
 * A diagnostic preload for the chat bench's server (`IM_BENCH_SERVER_NODE_FLAGS="--expose-gc --import
 * ./src/lib/heap-survivors.mjs"`, from bench/): where the objects that outlive the young generation were
 * allocated. The first SIGUSR2 starts V8's sampling heap profiler, keeping the samples of objects a
 * major collection frees and dropping those a minor one frees; the second runs two minor collections and
 * writes the profile (a .heapprofile, which Chrome's DevTools open) to HEAP_SURVIVORS_FILE (default
 * heap-survivors.heapprofile in the system's temporary folder). What it holds is what was promoted (or
 * is still live) between the two signals.
 *
 * Why the flags: taking the profile runs a major collection first, which frees the promoted garbage this
 * is about; without them a profile shows only what is still live. HEAP_SURVIVORS_INTERVAL is the sampling
 * interval in bytes (default 8192; 1024 slowed the young generation's collections several times over).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector';

const file = process.env.HEAP_SURVIVORS_FILE || path.join(os.tmpdir(), 'heap-survivors.heapprofile');
const interval = Number(process.env.HEAP_SURVIVORS_INTERVAL || 8192);
const session = new Session();
session.connect();
const post = (method, params) =>
  new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));

let state = 'idle';
process.on('SIGUSR2', () => {
  if (state === 'idle') {
    state = 'sampling';
    void post('HeapProfiler.enable')
      .then(() =>
        post('HeapProfiler.startSampling', {
          samplingInterval: interval,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: false,
        }),
      )
      .catch((e) => console.error('heap-survivors:', e));
  } else if (state === 'sampling') {
    state = 'done';
    // Two: an object young at the first is promoted by the second if it is still held.
    globalThis.gc?.({ type: 'minor' });
    globalThis.gc?.({ type: 'minor' });
    void post('HeapProfiler.stopSampling')
      .then(({ profile }) => fs.writeFileSync(file, JSON.stringify(profile)))
      .catch((e) => console.error('heap-survivors:', e));
  }
});
