/**
 * What may be uploaded: policies by purpose (spec §5 limits for the shell's uploaders, im.md limits for
 * chat), and how an extension's content must look (checked by magic bytes, not by name).
 */
export interface Policy {
  maxBytes: number;
  /** Allowed extensions (lower case); null: any. */
  exts: string[] | null;
}

const MB = 1024 * 1024;
const IMAGES = ['png', 'jpg', 'jpeg'];
const ATTACHMENTS = ['mp4', 'mov', 'avi', 'flv', 'doc', 'wmv', 'mpeg', 'mkv', 'docx', 'xls', 'xlsx', 'pdf'];

export const POLICIES = {
  image: { maxBytes: 500 * 1024, exts: IMAGES },
  payment: { maxBytes: 20 * MB, exts: IMAGES },
  attachment: { maxBytes: 100 * MB, exts: [...ATTACHMENTS, ...IMAGES] },
  'chat-image': { maxBytes: 28 * MB, exts: ['jpg', 'jpeg', 'png', 'gif', 'bmp'] },
  'chat-sound': { maxBytes: 28 * MB, exts: ['mp3', 'wav', 'm4a', 'aac', 'ogg', 'webm', 'amr'] },
  'chat-video': { maxBytes: 100 * MB, exts: ['mp4'] },
  'chat-file': { maxBytes: 100 * MB, exts: null },
} satisfies Record<string, Policy>;

export type PolicyName = keyof typeof POLICIES;
export const POLICY_NAMES = Object.keys(POLICIES) as PolicyName[];

/** The MIME types the content of an extension may be detected as. */
const CONTENT: Record<string, string[]> = {
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  gif: ['image/gif'],
  bmp: ['image/bmp'],
  webp: ['image/webp'],
  pdf: ['application/pdf'],
  mp4: ['video/mp4', 'video/x-m4v', 'audio/mp4'],
  mov: ['video/quicktime'],
  avi: ['video/vnd.avi', 'video/x-msvideo'],
  flv: ['video/x-flv'],
  wmv: ['video/x-ms-asf', 'application/vnd.ms-asf'],
  mpeg: ['video/mpeg', 'video/MP1S', 'video/MP2P'],
  mkv: ['video/x-matroska', 'video/webm'],
  doc: ['application/x-cfb', 'application/msword'],
  xls: ['application/x-cfb', 'application/vnd.ms-excel'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
  mp3: ['audio/mpeg'],
  wav: ['audio/wav', 'audio/vnd.wave', 'audio/x-wav'],
  m4a: ['audio/x-m4a', 'audio/mp4', 'video/mp4'],
  aac: ['audio/aac'],
  ogg: ['audio/ogg', 'audio/opus'],
  webm: ['video/webm', 'audio/webm'],
  amr: ['audio/amr'],
};

/** True when the detected content fits the extension. Text-like files (no magic bytes) pass only when the extension has none to check. */
export function contentMatches(ext: string, detectedMime: string | undefined): boolean {
  const expected = CONTENT[ext];
  if (!expected) return detectedMime === undefined || !isExecutableOrArchive(detectedMime);
  return detectedMime !== undefined && expected.includes(detectedMime);
}

const isExecutableOrArchive = (mime: string) =>
  /x-msdownload|x-elf|x-mach|x-executable|x-sh|javascript|html/.test(mime);

/** Content type a file is served with. */
export function contentTypeOf(ext: string): string {
  return (
    {
      png: 'image/png',
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      gif: 'image/gif',
      bmp: 'image/bmp',
      webp: 'image/webp',
      pdf: 'application/pdf',
      mp4: 'video/mp4',
      mov: 'video/quicktime',
      mp3: 'audio/mpeg',
      wav: 'audio/wav',
      m4a: 'audio/mp4',
      webm: 'video/webm',
    }[ext] ?? 'application/octet-stream'
  );
}

export const isImageExt = (ext: string) => ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp'].includes(ext);

/** A client key is a file name: a timestamp (plus anything word-like) and an extension — never a path. */
export const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9]{1,10}$/;
export const extOf = (key: string) => key.slice(key.lastIndexOf('.') + 1).toLowerCase();
