/**
 * Chat rules as plain functions (spec §4 and §9, design im.md): no database, no sockets, no clock of their
 * own — callers pass `now`, so tests move time instead of waiting.
 */
import { isUrlOrSitePath } from '@forecourt/contracts';
import { ERROR_CODE, TYPES, type KickedOutType, type MessageType } from '@forecourt/im-sdk/types';
import type { KickPolicy } from './settings.js';
import { ImError, invalid } from './errors.js';

export const REVOKE_WINDOW_S = 120;
export const HISTORY_PAGE = 15;
export const TEXT_MAX_BYTES = 12 * 1024;
/** Custom payload data (call records, cards): same bound as text. */
export const CUSTOM_MAX_BYTES = 12 * 1024;
const MB = 1024 * 1024;
/** The hosted service's limits, which users already know (im.md). */
export const MEDIA_MAX_BYTES = { file: 100 * MB, video: 100 * MB, image: 28 * MB, sound: 28 * MB } as const;
/** How many missing messages one sync answer carries per conversation before telling the client to page. */
export const SYNC_CAP = 200;

export const SYSTEM_CONVERSATION_ID = TYPES.CONV_SYSTEM;

// ---- conversation ids ----------------------------------------------------------------------------

export type ConversationRef =
  { kind: 'c2c'; peer: string } | { kind: 'group'; groupId: string } | { kind: 'system' };

/** A user id: a staff account, or a customer id (`cust_…`); no spaces or control characters. */
export const USER_ID = /^[A-Za-z0-9_.@-]{1,64}$/;
const GROUP_ID = /^\d{1,20}$/;

/** `C2C<userID>` (the peer, seen from the viewer), `GROUP<groupID>` or `@TIM#SYSTEM`. */
export function parseConversationID(id: string): ConversationRef {
  if (id === SYSTEM_CONVERSATION_ID) return { kind: 'system' };
  if (id.startsWith('C2C') && USER_ID.test(id.slice(3))) return { kind: 'c2c', peer: id.slice(3) };
  if (id.startsWith('GROUP') && GROUP_ID.test(id.slice(5))) return { kind: 'group', groupId: id.slice(5) };
  throw invalid('im.badConversation', { id });
}

export const c2cId = (peer: string) => `C2C${peer}`;
export const groupConvId = (groupId: string) => `GROUP${groupId}`;

/** One stable key per pair, whoever writes first. */
export const pairKey = (a: string, b: string) => (a < b ? `${a}\n${b}` : `${b}\n${a}`);

// ---- unread and read -----------------------------------------------------------------------------

/**
 * Unread of a member: messages after what they read, minus their own (one's own messages are never
 * unread). Derived from numbers kept in the storing transaction, so it cannot drift.
 */
export function unreadOf(lastSeq: number, readSeq: number, ownAfterRead: number): number {
  return Math.max(0, lastSeq - readSeq - ownAfterRead);
}

/** Marking read never goes backwards, and never past what exists. */
export function nextReadSeq(current: number, requested: number, lastSeq: number): number {
  return Math.max(current, Math.min(requested, lastSeq));
}

/** In one-to-one conversations, an own message is read by the peer once the peer's read_seq reaches it. */
export const isPeerRead = (seq: number, peerReadSeq: number) => seq > 0 && peerReadSeq >= seq;

// ---- revoke and re-edit --------------------------------------------------------------------------

export interface StoredMessageFacts {
  sender: string;
  type: string;
  /** Server time the message was stored (ms). */
  createdMs: number;
  isRevoked: boolean;
}

function withinWindow(m: StoredMessageFacts, nowMs: number) {
  return nowMs - m.createdMs <= REVOKE_WINDOW_S * 1000;
}

/** Sender only, within 120 s of the server time of sending. */
export function checkRevoke(m: StoredMessageFacts, actor: string, nowMs: number): void {
  if (m.sender !== actor) throw new ImError(ERROR_CODE.NOT_SENDER, 'im.notSender.revoke');
  if (m.isRevoked) throw new ImError(ERROR_CODE.NOT_EDITABLE, 'im.alreadyRevoked');
  if (!withinWindow(m, nowMs)) throw new ImError(ERROR_CODE.REVOKE_TIME_LIMIT, 'im.timeLimit.revoke');
}

/** Text only, not revoked, sender only, within the same 120 s. */
export function checkModify(m: StoredMessageFacts, actor: string, nowMs: number): void {
  if (m.sender !== actor) throw new ImError(ERROR_CODE.NOT_SENDER, 'im.notSender.modify');
  if (m.isRevoked || m.type !== TYPES.MSG_TEXT) throw new ImError(ERROR_CODE.NOT_EDITABLE, 'im.notEditable');
  if (!withinWindow(m, nowMs)) throw new ImError(ERROR_CODE.REVOKE_TIME_LIMIT, 'im.timeLimit.modify');
}

// ---- history paging ------------------------------------------------------------------------------

/**
 * Seqs are gap-free, so the page that holds the first visible message (clearedSeq + 1) is the last one:
 * `isCompleted` is exact, and a cursor never repeats or skips a message.
 */
export function pageCompleted(oldestSeqOnPage: number | undefined, clearedSeq: number): boolean {
  return oldestSeqOnPage === undefined || oldestSeqOnPage <= clearedSeq + 1;
}

export const pageSize = (count: number | undefined) =>
  Math.max(1, Math.min(HISTORY_PAGE, Math.floor(count ?? HISTORY_PAGE)));

// ---- payloads ------------------------------------------------------------------------------------

const SENDABLE: readonly string[] = [
  TYPES.MSG_TEXT,
  TYPES.MSG_IMAGE,
  TYPES.MSG_FILE,
  TYPES.MSG_SOUND,
  TYPES.MSG_VIDEO,
  TYPES.MSG_FACE,
  TYPES.MSG_LOCATION,
  TYPES.MSG_CUSTOM,
];

const utf8Bytes = (s: string) => Buffer.byteLength(s, 'utf8');

type Obj = Record<string, unknown>;

function fail(type: string, detail: string): never {
  throw invalid('im.badPayload', { type, detail });
}

function str(p: Obj, k: string, type: string, max: number, required = true): string {
  const v = p[k];
  if (v === undefined || v === null || v === '') {
    if (required) fail(type, `${k} is required`);
    return '';
  }
  if (typeof v !== 'string') fail(type, `${k} must be a string`);
  if (v.length > max) fail(type, `${k} is longer than ${max}`);
  return v;
}

function num(p: Obj, k: string, type: string, min: number, max: number, required = true): number {
  const v = p[k];
  if (v === undefined || v === null) {
    if (required) fail(type, `${k} is required`);
    return 0;
  }
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max)
    fail(type, `${k} must be a number from ${min} to ${max}`);
  return v;
}

/**
 * Media addresses are what an upload answered: a path of this site (the default CDN base) or an http(s)
 * address (a CDN); never javascript:, data: or another host's protocol-relative address. The storage
 * module already bounded the upload itself.
 */
function url(p: Obj, k: string, type: string, required = true): string {
  const v = str(p, k, type, 1000, required);
  if (v && !isUrlOrSitePath(v)) fail(type, `${k} must be an http(s) address or a path`);
  return v;
}

function size(p: Obj, k: string, type: string, max: number, kind: keyof typeof MEDIA_MAX_BYTES): number {
  const v = num(p, k, type, 0, Number.MAX_SAFE_INTEGER);
  if (v > max)
    throw new ImError(ERROR_CODE.FILE_TOO_LARGE, 'im.fileTooLarge', {
      kind: `@im.kind.${kind}`,
      limit: `${Math.round(max / MB)} MB`,
    });
  return v;
}

const uuid = (p: Obj, type: string) => str(p, 'uuid', type, 128, false);

/**
 * Validates a payload of a sendable type and returns it reduced to its known fields (nothing else is
 * stored). Text: not blank, at most 12 KB.
 */
export function normalizePayload(type: string, raw: unknown): Obj {
  if (!SENDABLE.includes(type)) fail(type, 'this type cannot be sent');
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) fail(type, 'payload must be an object');
  const p = raw as Obj;
  switch (type as MessageType) {
    case TYPES.MSG_TEXT: {
      const text = p.text;
      if (typeof text !== 'string' || !text.trim()) throw invalid('im.emptyText');
      if (utf8Bytes(text) > TEXT_MAX_BYTES) throw new ImError(ERROR_CODE.TEXT_TOO_LONG, 'im.textTooLong');
      return { text };
    }
    case TYPES.MSG_IMAGE: {
      const list = p.imageInfoArray;
      if (!Array.isArray(list) || !list.length || list.length > 3)
        fail(type, 'imageInfoArray must hold 1 to 3 entries');
      return {
        uuid: uuid(p, type),
        imageFormat: str(p, 'imageFormat', type, 16, false),
        imageInfoArray: list.map((x: unknown) => {
          const i = (x && typeof x === 'object' ? x : {}) as Obj;
          return {
            type: num(i, 'type', type, 0, 2, false),
            url: url(i, 'url', type),
            width: num(i, 'width', type, 0, 100_000, false),
            height: num(i, 'height', type, 0, 100_000, false),
            size: size(i, 'size', type, MEDIA_MAX_BYTES.image, 'image'),
          };
        }),
      };
    }
    case TYPES.MSG_FILE:
      return {
        uuid: uuid(p, type),
        fileName: str(p, 'fileName', type, 255),
        fileUrl: url(p, 'fileUrl', type),
        fileSize: size(p, 'fileSize', type, MEDIA_MAX_BYTES.file, 'file'),
      };
    case TYPES.MSG_SOUND:
      return {
        uuid: uuid(p, type),
        url: url(p, 'url', type),
        size: size(p, 'size', type, MEDIA_MAX_BYTES.sound, 'sound'),
        second: num(p, 'second', type, 0, 24 * 3600),
      };
    case TYPES.MSG_VIDEO:
      return {
        uuid: uuid(p, type),
        videoUrl: url(p, 'videoUrl', type),
        videoSize: size(p, 'videoSize', type, MEDIA_MAX_BYTES.video, 'video'),
        videoSecond: num(p, 'videoSecond', type, 0, 24 * 3600, false),
        videoFormat: str(p, 'videoFormat', type, 16, false),
        thumbUrl: url(p, 'thumbUrl', type, false),
        thumbWidth: num(p, 'thumbWidth', type, 0, 100_000, false),
        thumbHeight: num(p, 'thumbHeight', type, 0, 100_000, false),
      };
    case TYPES.MSG_FACE:
      return { index: num(p, 'index', type, -1, 100_000), data: str(p, 'data', type, 200, false) };
    case TYPES.MSG_LOCATION:
      return {
        description: str(p, 'description', type, 500, false),
        longitude: num(p, 'longitude', type, -180, 180),
        latitude: num(p, 'latitude', type, -90, 90),
      };
    case TYPES.MSG_CUSTOM: {
      const data = str(p, 'data', type, CUSTOM_MAX_BYTES, false);
      const description = str(p, 'description', type, 500, false);
      const extension = str(p, 'extension', type, 1000, false);
      if (utf8Bytes(data) > CUSTOM_MAX_BYTES) fail(type, 'data is larger than 12 KB');
      return { data, description, extension };
    }
    default:
      fail(type, 'this type cannot be sent');
  }
}

/** One definition for the server and the SDK. */
export { messageForShow } from '@forecourt/im-sdk/protocol';

// ---- kick-out ------------------------------------------------------------------------------------

export interface Instance {
  instanceId: string;
  platform: string;
}

/**
 * What a new sign-in does to an existing one of the same user: null keeps it, else the reason it is
 * ended with. A reconnect of the same instance never ends itself.
 */
export function kickReason(policy: KickPolicy, existing: Instance, incoming: Instance): KickedOutType | null {
  if (existing.instanceId === incoming.instanceId) return null;
  const samePlatform = existing.platform === incoming.platform;
  switch (policy) {
    case 'multi-instance':
      return null;
    case 'single-per-platform':
      return samePlatform ? TYPES.KICKED_OUT_MULT_ACCOUNT : null;
    case 'single-instance':
      return samePlatform ? TYPES.KICKED_OUT_MULT_ACCOUNT : TYPES.KICKED_OUT_MULT_DEVICE;
  }
}

// ---- send rate -----------------------------------------------------------------------------------

export interface Bucket {
  tokens: number;
  atMs: number;
}

/**
 * Token bucket: `rate` tokens per second up to `burst`. Returns the new bucket and, when empty, how long
 * until the next token.
 */
export function takeToken(
  b: Bucket | undefined,
  nowMs: number,
  rate: number,
  burst: number,
): { ok: boolean; bucket: Bucket; retryAfterMs: number } {
  const prev = b ?? { tokens: burst, atMs: nowMs };
  const tokens = Math.min(burst, prev.tokens + (Math.max(0, nowMs - prev.atMs) / 1000) * rate);
  if (tokens >= 1) return { ok: true, bucket: { tokens: tokens - 1, atMs: nowMs }, retryAfterMs: 0 };
  return {
    ok: false,
    bucket: { tokens, atMs: nowMs },
    retryAfterMs: Math.ceil(((1 - tokens) / rate) * 1000),
  };
}

export function rateLimited(retryAfterMs: number): ImError {
  return new ImError(
    ERROR_CODE.RATE_LIMITED,
    'im.rateLimited',
    { seconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) },
    { retryAfterMs },
  );
}

// ---- groups --------------------------------------------------------------------------------------

export type Role = 'Owner' | 'Admin' | 'Member';

/** Work groups (Private): any member invites; other groups: owner and administrators. */
export function canInvite(groupType: string, role: Role): boolean {
  return groupType === TYPES.GRP_WORK || role !== 'Member';
}

/** The owner removes anyone but himself; an administrator removes plain members only. */
export function canRemove(actor: Role, target: Role): boolean {
  if (target === 'Owner') return false;
  if (actor === 'Owner') return true;
  return actor === 'Admin' && target === 'Member';
}

/** Work groups: any member edits the name and notice; other groups: owner and administrators. */
export function canEditProfile(groupType: string, role: Role): boolean {
  return groupType === TYPES.GRP_WORK || role !== 'Member';
}

/** The owner hands the group over or dismisses it; quitting would leave it without one. */
export const canQuit = (role: Role) => role !== 'Owner';

// ---- profile -------------------------------------------------------------------------------------

/**
 * Spec §5: an avatar (a user's or a group's), if filled, is an address — http(s), or a path of this site,
 * since a chat client may set an image it uploaded, which the default CDN base answers as `/files/...`.
 */
export function checkAvatar(avatar: string | undefined): void {
  if (avatar && !isUrlOrSitePath(avatar)) throw invalid('im.avatarUrl');
}

/** blade_user.sex (1 male, 2 female, else hidden) as the chat gender. */
export function genderOfSex(sex: number | null | undefined): string {
  return sex === 1 ? TYPES.GENDER_MALE : sex === 2 ? TYPES.GENDER_FEMALE : TYPES.GENDER_UNKNOWN;
}
