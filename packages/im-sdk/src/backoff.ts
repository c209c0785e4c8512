/**
 * Reconnect delays: exponential from `minMs`, capped at `maxMs`, with "equal jitter" (half fixed, half
 * random) so thousands of clients dropped by one server restart do not come back in the same instant.
 */
export function backoffDelay(attempt: number, minMs: number, maxMs: number, random = Math.random): number {
  const ceiling = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
