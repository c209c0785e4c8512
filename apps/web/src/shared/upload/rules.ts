/**
 * Spec §5/§9 upload rules as plain functions: which files an uploader takes, how many, what a preview
 * may show and what the summary says. The components only wire these to antd and the storage calls.
 */

export const IMAGE_EXTS = ['png', 'jpeg', 'jpg'] as const;
export const ATTACHMENT_EXTS = [
  'mp4',
  'mov',
  'avi',
  'flv',
  'doc',
  'wmv',
  'mpeg',
  'mkv',
  'docx',
  'xls',
  'xlsx',
  'pdf',
] as const;
/** 500 kb (spec §9), counted in KiB as the storage policy does. */
export const IMAGE_MAX_BYTES = 500 * 1024;
export const IMAGE_LIMIT = 8;
export const IMAGE_QUALITY = 0.8;
export const ATTACHMENT_LIMIT = 3;

/** Payment receipts are images only; everything else takes documents, pdf and video. */
export type AttachmentKind = 'payment' | 'other';

/** Upload result of spec §3: the name without extension, the CDN address plus key, the extension. */
export interface UploadResult {
  fileName: string;
  filePath: string;
  fileType: string;
}

/** One uploadFileVOList item (spec §3 "Attachment"). */
export interface AttachmentItem extends UploadResult {
  id: string;
}

/** Lower-case extension without the dot; '' when the name has none. */
export function extOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export const baseNameOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
};

export const isImageExt = (ext: string) => (IMAGE_EXTS as readonly string[]).includes(ext.toLowerCase());

export type ImageProblem = 'upload.imageFormat' | 'upload.imageSize';

/** A picked image: the right extension (any case) and at most 500 kb. */
export function checkImage(file: { name: string; size: number }): ImageProblem | null {
  if (!isImageExt(extOf(file.name))) return 'upload.imageFormat';
  if (file.size > IMAGE_MAX_BYTES) return 'upload.imageSize';
  return null;
}

export const attachmentExts = (kind: AttachmentKind): readonly string[] =>
  kind === 'payment' ? IMAGE_EXTS : ATTACHMENT_EXTS;

/** The `accept` attribute of a file input for a kind (the check itself is by extension, not by this). */
export const acceptOf = (exts: readonly string[]) => exts.map((e) => `.${e}`).join(',');

export type AttachmentProblem = 'upload.paymentType' | 'upload.otherType';

export function checkAttachment(name: string, kind: AttachmentKind): AttachmentProblem | null {
  if (attachmentExts(kind).includes(extOf(name))) return null;
  return kind === 'payment' ? 'upload.paymentType' : 'upload.otherType';
}

/** When `chosen` more files would pass the limit: the figures the warning names. */
export function overLimit(
  limit: number,
  existing: number,
  chosen: number,
): { limit: number; chosen: number; total: number } | null {
  const total = existing + chosen;
  return total > limit ? { limit, chosen, total } : null;
}

let lastStamp = 0;
/**
 * Storage key: a timestamp plus the extension (spec §7). The stamp never repeats within this page, and a
 * short random tail keeps two people uploading in the same millisecond from sharing a key (the second
 * upload would otherwise replace the first one's file).
 */
export function uploadKey(fileName: string, now = Date.now(), random = Math.random): string {
  lastStamp = Math.max(now, lastStamp + 1);
  const tail = Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  const ext = extOf(fileName) || 'bin';
  return `${lastStamp}-${tail}.${ext}`;
}

export type PreviewKind = 'image' | 'pdf';
export type PreviewProblem = 'upload.previewNotUploaded' | 'upload.previewUnsupported';

/** What a preview may show: images in a dialog, PDF in a new window; nothing before the upload. */
export function previewOf(item: {
  filePath?: string;
  fileType?: string;
}): { kind: PreviewKind } | { problem: PreviewProblem } {
  if (!item.filePath) return { problem: 'upload.previewNotUploaded' };
  const ext = (item.fileType || extOf(item.filePath)).toLowerCase();
  if (isImageExt(ext) || ['gif', 'bmp', 'webp'].includes(ext)) return { kind: 'image' };
  if (ext === 'pdf') return { kind: 'pdf' };
  return { problem: 'upload.previewUnsupported' };
}

/** Counts of a finished batch for 'upload complete, N succeeded, M failed'. */
export function tally(outcomes: ReadonlyArray<{ ok: boolean }>): { ok: number; failed: number } {
  const ok = outcomes.filter((o) => o.ok).length;
  return { ok, failed: outcomes.length - ok };
}

/** Displayed name of a stored file: its name and extension back together. */
export const displayName = (item: UploadResult) =>
  item.fileType && !item.fileName.toLowerCase().endsWith(`.${item.fileType}`)
    ? `${item.fileName}.${item.fileType}`
    : item.fileName;

/** File size as the chat and upload lists show it: bytes below 1024, then KB, then MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
