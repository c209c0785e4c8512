import { randomInt } from 'node:crypto';

/** 64-bit snowflake ids (41 bits of ms since 2020, 10 bits of node, 12 bits of sequence), as strings. */
const EPOCH = 1577836800000n;
// Random until start-up sets NODE_ID's (setNodeId): two nodes without one rarely share a number.
let node = BigInt(randomInt(1024));
let lastMs = 0n;
let seq = 0n;

export function newId(): string {
  let ms = BigInt(Date.now());
  if (ms < lastMs) ms = lastMs; // clock stepped back: keep ids increasing
  if (ms === lastMs) {
    seq = (seq + 1n) & 4095n;
    if (seq === 0n) ms = lastMs + 1n;
  } else {
    seq = 0n;
  }
  lastMs = ms;
  return (((ms - EPOCH) << 22n) | (node << 12n) | seq).toString();
}

/** The node number of the ids made from now on (NODE_ID, config.ts; each worker gets its own). */
export function setNodeId(id: number): void {
  node = BigInt(id & 1023);
}
