import type { PushOp } from '@forecourt/im-sdk/protocol';
import type { Db } from '../../platform/db/index.js';
import type { ImSettings } from './settings.js';

/** What the chat services need: the database, settings and a clock tests can move. */
export interface ImDeps {
  db: Db;
  settings: ImSettings;
  clock: { now(): number };
}

/** A push to deliver after the change committed: to every socket of one user (on any node). */
export interface Push {
  userID: string;
  op: PushOp;
  data: unknown;
  /** The socket that caused it, which already has the answer. */
  skipConn?: string;
}

/** A service answer plus the pushes it causes. */
export interface WithPushes<T> {
  result: T;
  pushes: Push[];
}

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const ms = (v: unknown): number =>
  v instanceof Date ? v.getTime() : v ? new Date(String(v)).getTime() : 0;
