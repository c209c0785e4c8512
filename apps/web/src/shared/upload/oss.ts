import { HttpError, UPLOAD_TIMEOUT, http } from '../http';
import i18n from '../i18n';
import './messages';
import { baseNameOf, extOf, uploadKey, type AttachmentItem } from './rules';

/** The storage policy the server checks the upload against (size and type limits). */
export type UploadPolicy = 'image' | 'payment' | 'attachment';

/** The bucket is fixed per deployment (spec §9: "upload bucket fixed"). */
export const UPLOAD_BUCKET = (import.meta.env.VITE_UPLOAD_BUCKET as string | undefined) || 'forecourt';

/** A failed upload; message is the reason to show after 'upload … failed:'. */
export class UploadError extends Error {}

interface StoredAnswer {
  key: string;
  url: string;
  fileName: string;
  filePath: string;
  fileType: string;
  size: number;
  attachId: string;
}

/**
 * Spec §7 file storage: a token for a new key (timestamp plus extension), then the multipart form
 * (token, key, file) with the 600 000 ms time-out. Resolves to the stored file as an attachment item.
 */
export async function uploadFile(
  file: Blob,
  name: string,
  opts: { policy: UploadPolicy; onProgress?: (percent: number) => void; signal?: AbortSignal },
): Promise<AttachmentItem> {
  const key = uploadKey(name);
  let token: string;
  try {
    token = await http.get<string>('/api/blade-resource/oss/token', {
      params: { bucket_name: UPLOAD_BUCKET, key, type: opts.policy },
      silent: true,
      signal: opts.signal,
    });
  } catch {
    throw new UploadError(i18n.t('upload.tokenFailed'));
  }
  const form = new FormData();
  form.append('token', token);
  form.append('key', key);
  form.append('file', file, name);
  try {
    const stored = await http.post<StoredAnswer>('/api/blade-resource/oss/upload', form, {
      timeout: UPLOAD_TIMEOUT,
      silent: true,
      signal: opts.signal,
      onUploadProgress: (e) => {
        if (e.total) opts.onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
      },
    });
    opts.onProgress?.(100);
    return {
      id: stored.attachId,
      fileName: stored.fileName || baseNameOf(name),
      filePath: stored.filePath || stored.url,
      fileType: stored.fileType || extOf(name),
    };
  } catch (e) {
    // Network failures and time-outs have no reason worth showing; the storage's own refusals do.
    const reason = e instanceof HttpError && e.code !== 0 && e.message ? e.message : '';
    throw new UploadError(reason || i18n.t('upload.failedRetry'));
  }
}
