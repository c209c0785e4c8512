/** Types of phone-pace.mjs, for the web bench and the end-to-end tests. */
import type { CDPSession } from 'playwright-core';

export const PHONE_PACE: {
  cpuSlowdown: number;
  latencyMs: number;
  downloadBytesPerSecond: number;
  uploadBytesPerSecond: number;
};
export function atPhonePace(cdp: CDPSession): Promise<void>;
