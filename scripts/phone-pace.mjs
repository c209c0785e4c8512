/**
 * A phone's pace: Lighthouse's mobile conditions (CPU 4× slower, 150 ms round trips, 1.6 Mbit/s down,
 * 750 kbit/s up) applied for real to a Chromium page through its DevTools session. The web bench times
 * the workbench at this pace (bench/src/web.ts); an end-to-end test checks that nothing moves at it
 * (e2e/specs/shell.spec.ts). One definition, so the two mean the same pace.
 */
export const PHONE_PACE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: 1_638_400 / 8,
  uploadBytesPerSecond: 768_000 / 8,
};

/** Slows the page of this DevTools session to a phone's pace. */
export async function atPhonePace(cdp) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PACE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PACE.latencyMs,
    downloadThroughput: PHONE_PACE.downloadBytesPerSecond,
    uploadThroughput: PHONE_PACE.uploadBytesPerSecond,
  });
}
