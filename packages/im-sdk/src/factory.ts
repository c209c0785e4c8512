/**
 * create*Message: a message ready to show at once (status unSend) and to send. Media messages keep their
 * file beside the message until the upload in sendMessage turns it into a payload with addresses.
 */
import { messageId } from './ids.js';
import { imError, say, type Lang } from './errors.js';
import { extOf, toFileData, type FileData } from './upload.js';
import {
  ERROR_CODE,
  TYPES,
  type CreateAudioOptions,
  type CreateCustomOptions,
  type CreateFaceOptions,
  type CreateFileOptions,
  type CreateImageOptions,
  type CreateLocationOptions,
  type CreateTextOptions,
  type CreateVideoOptions,
  type Message,
  type MessageType,
  type Payload,
} from './types.js';

export type MediaKind = 'image' | 'file' | 'sound' | 'video';

const MB = 1024 * 1024;
/** The hosted service's limits, which the server enforces too. */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = {
  file: 100 * MB,
  video: 100 * MB,
  image: 28 * MB,
  sound: 28 * MB,
};
export const TEXT_MAX_BYTES = 12 * 1024;

export interface Media {
  kind: MediaKind;
  file: FileData;
  thumb?: FileData;
  second: number;
  width: number;
  height: number;
  onProgress?: (p: number) => void;
}

/** The file of a media message until it is uploaded. */
export const mediaOf = new WeakMap<Message, Media>();
/** Browser previews made for unsent media, released once the upload gives the real address. */
export const previewOf = new WeakMap<Message, string>();

export interface Author {
  userID: string;
  nick: string;
  avatar: string;
  /** Server time (ms). */
  now(): number;
  lang: Lang;
}

interface Base {
  to: string;
  conversationType: 'C2C' | 'GROUP';
}

function draft(author: Author, o: Base, type: MessageType, payload: Payload): Message {
  if (!o || typeof o.to !== 'string' || !o.to)
    throw imError(ERROR_CODE.INVALID_PARAMETER, 'to: the recipient is required');
  if (o.conversationType !== TYPES.CONV_C2C && o.conversationType !== TYPES.CONV_GROUP)
    throw imError(ERROR_CODE.INVALID_PARAMETER, 'conversationType must be C2C or GROUP');
  const clientMsgId = messageId(author.now());
  return {
    ID: `local-${clientMsgId}`,
    clientMsgId,
    conversationID: `${o.conversationType}${o.to}`,
    conversationType: o.conversationType,
    seq: 0,
    type,
    flow: 'out',
    time: Math.floor(author.now() / 1000),
    from: author.userID,
    to: o.to,
    nick: author.nick,
    avatar: author.avatar,
    payload,
    isRevoked: false,
    revoker: '',
    isModified: false,
    isPeerRead: false,
    status: 'unSend',
    progress: 0,
  };
}

function preview(m: Message, file: FileData): string {
  const u = (globalThis as { URL?: { createObjectURL?: (b: Blob) => string } }).URL;
  if (!u?.createObjectURL) return '';
  try {
    const url = u.createObjectURL(file.blob);
    previewOf.set(m, url);
    return url;
  } catch {
    return '';
  }
}

export function createMessages(author: () => Author) {
  const media = (m: Message, md: Media) => {
    mediaOf.set(m, md);
    return m;
  };
  return {
    createTextMessage(o: CreateTextOptions): Message {
      return draft(author(), o, TYPES.MSG_TEXT, { text: String(o.payload?.text ?? '') });
    },
    createFaceMessage(o: CreateFaceOptions): Message {
      return draft(author(), o, TYPES.MSG_FACE, { index: o.payload.index, data: o.payload.data });
    },
    createLocationMessage(o: CreateLocationOptions): Message {
      const p = o.payload;
      return draft(author(), o, TYPES.MSG_LOCATION, {
        description: p.description,
        longitude: p.longitude,
        latitude: p.latitude,
      });
    },
    createCustomMessage(o: CreateCustomOptions): Message {
      const p = o.payload;
      return draft(author(), o, TYPES.MSG_CUSTOM, {
        data: p.data,
        description: p.description ?? '',
        extension: p.extension ?? '',
      });
    },
    createImageMessage(o: CreateImageOptions): Message {
      const file = toFileData(o.payload.file, author().lang);
      const width = o.payload.width ?? 0;
      const height = o.payload.height ?? 0;
      const m = draft(author(), o, TYPES.MSG_IMAGE, {
        uuid: '',
        imageFormat: extOf(file.name),
        imageInfoArray: [],
      });
      const url = preview(m, file);
      m.payload = {
        uuid: '',
        imageFormat: extOf(file.name),
        imageInfoArray: [0, 1, 2].map((type) => ({ type, url, width, height, size: file.size })),
      };
      return media(m, { kind: 'image', file, second: 0, width, height, onProgress: o.onProgress });
    },
    createFileMessage(o: CreateFileOptions): Message {
      const file = toFileData(o.payload.file, author().lang);
      const m = draft(author(), o, TYPES.MSG_FILE, {
        uuid: '',
        fileName: file.name,
        fileUrl: '',
        fileSize: file.size,
      });
      return media(m, { kind: 'file', file, second: 0, width: 0, height: 0, onProgress: o.onProgress });
    },
    createAudioMessage(o: CreateAudioOptions): Message {
      const file = toFileData(o.payload.file, author().lang);
      const second = Math.max(0, Math.round(o.payload.second ?? 0));
      const m = draft(author(), o, TYPES.MSG_SOUND, { uuid: '', url: '', size: file.size, second });
      preview(m, file);
      return media(m, { kind: 'sound', file, second, width: 0, height: 0, onProgress: o.onProgress });
    },
    createVideoMessage(o: CreateVideoOptions): Message {
      const file = toFileData(o.payload.file, author().lang);
      const thumb = o.payload.thumb ? toFileData(o.payload.thumb, author().lang) : undefined;
      const second = Math.max(0, Math.round(o.payload.second ?? 0));
      const m = draft(author(), o, TYPES.MSG_VIDEO, {
        uuid: '',
        videoUrl: '',
        videoSize: file.size,
        videoSecond: second,
        videoFormat: extOf(file.name),
        thumbUrl: '',
        thumbWidth: 0,
        thumbHeight: 0,
      });
      preview(m, file);
      return media(m, { kind: 'video', file, thumb, second, width: 0, height: 0, onProgress: o.onProgress });
    },
  };
}

const encoder = new TextEncoder();
/** A UTF-16 unit is at most 3 bytes of UTF-8: short texts are within the limit without encoding them. */
const overBytes = (s: string, max: number) => s.length * 3 > max && encoder.encode(s).length > max;

/** The limits a message can be checked against before anything is sent. */
export function checkBeforeSend(m: Message, lang: Lang): void {
  if (m.type === TYPES.MSG_TEXT) {
    const text = (m.payload as { text?: string }).text ?? '';
    if (!text.trim()) throw imError(ERROR_CODE.INVALID_PARAMETER, say(lang, 'emptyText'));
    if (overBytes(text, TEXT_MAX_BYTES)) throw imError(ERROR_CODE.TEXT_TOO_LONG, say(lang, 'textTooLong'));
  }
  const md = mediaOf.get(m);
  if (md && md.file.size > MEDIA_MAX_BYTES[md.kind])
    throw imError(
      ERROR_CODE.FILE_TOO_LARGE,
      say(lang, 'fileTooLarge', {
        kind: say(lang, `kind.${md.kind}`),
        limit: `${MEDIA_MAX_BYTES[md.kind] / MB} MB`,
      }),
      { limit: MEDIA_MAX_BYTES[md.kind] },
    );
}
