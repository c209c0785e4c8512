/**
 * Turns a media message's file into its payload: a storage token for a fresh key (over the chat socket),
 * the upload with progress, then the addresses in the payload. A resend after a failed send reuses what
 * was already uploaded.
 */
import type { Connection } from './connection.js';
import { imageSize, uploadFile, uploadKey, extOf, type FileData } from './upload.js';
import { mediaOf, previewOf, type Media, type MediaKind } from './factory.js';
import type { Message, Payload } from './types.js';
import type { Lang } from './errors.js';

export interface UploadContext {
  conn: Connection;
  /** HTTP origin of the server ('' in a browser: the page's). */
  origin: string;
  headers: Record<string, string>;
  lang: Lang;
}

async function put(
  ctx: UploadContext,
  kind: MediaKind,
  file: FileData,
  onProgress: (p: number) => void,
): Promise<{ url: string; key: string }> {
  const key = uploadKey(file.name);
  const { token } = await ctx.conn.request('uploadToken', { key, kind }, { retry: true });
  const res = await uploadFile({
    url: `${ctx.origin}/api/blade-resource/oss/upload`,
    headers: ctx.headers,
    token,
    key,
    file,
    onProgress,
    lang: ctx.lang,
  });
  return { url: res.url, key: res.key || key };
}

async function payloadOf(ctx: UploadContext, md: Media, progress: (p: number) => void): Promise<Payload> {
  const f = md.file;
  switch (md.kind) {
    case 'image': {
      const size = md.width && md.height ? md : await imageSize(f.blob);
      const { url, key } = await put(ctx, 'image', f, progress);
      return {
        uuid: key,
        imageFormat: extOf(f.name),
        imageInfoArray: [0, 1, 2].map((type) => ({
          type,
          url,
          width: size.width,
          height: size.height,
          size: f.size,
        })),
      };
    }
    case 'file': {
      const { url, key } = await put(ctx, 'file', f, progress);
      return { uuid: key, fileName: f.name, fileUrl: url, fileSize: f.size };
    }
    case 'sound': {
      const { url, key } = await put(ctx, 'sound', f, progress);
      return { uuid: key, url, size: f.size, second: md.second };
    }
    case 'video': {
      // The thumbnail is small: it takes the first 5 % of the progress bar.
      let thumb = { url: '', width: 0, height: 0 };
      if (md.thumb) {
        const dims = await imageSize(md.thumb.blob);
        const up = await put(ctx, 'image', md.thumb, (p) => progress(p * 0.05));
        thumb = { url: up.url, ...dims };
      }
      const base = md.thumb ? 0.05 : 0;
      const { url, key } = await put(ctx, 'video', f, (p) => progress(base + p * (1 - base)));
      return {
        uuid: key,
        videoUrl: url,
        videoSize: f.size,
        videoSecond: md.second,
        videoFormat: extOf(f.name),
        thumbUrl: thumb.url,
        thumbWidth: thumb.width,
        thumbHeight: thumb.height,
      };
    }
  }
}

/** Uploads the message's media if it has any not yet uploaded; the payload then carries the addresses. */
export async function uploadMedia(ctx: UploadContext, m: Message): Promise<void> {
  const md = mediaOf.get(m);
  if (!md) return;
  const progress = (p: number) => {
    m.progress = p;
    md.onProgress?.(p);
  };
  m.payload = await payloadOf(ctx, md, progress);
  progress(1);
  mediaOf.delete(m);
  const preview = previewOf.get(m);
  if (preview) {
    previewOf.delete(m);
    (globalThis as { URL?: { revokeObjectURL?: (u: string) => void } }).URL?.revokeObjectURL?.(preview);
  }
}
