/**
 * Media uploads through the server's storage module: a token for one key (from the chat socket), then a
 * multipart POST of token, key and file to /api/blade-resource/oss/upload, reporting progress.
 */
import { ERROR_CODE, type UploadSource } from './types.js';
import { imError, say, type Lang } from './errors.js';

export interface FileData {
  name: string;
  type: string;
  size: number;
  blob: Blob;
}

/** A browser File/Blob, the first file of an <input type=file>, or bytes with a name. */
export function toFileData(src: UploadSource, lang: Lang = 'zh'): FileData {
  let blob: Blob | undefined;
  let name = 'file';
  if (typeof Blob !== 'undefined' && src instanceof Blob) {
    blob = src;
    name = (src as Blob & { name?: string }).name || name;
  } else if ('files' in src) {
    const f = src.files[0];
    if (f) {
      blob = f;
      name = (f as Blob & { name?: string }).name || name;
    }
  } else if ('data' in src) {
    const bytes = src.data instanceof ArrayBuffer ? new Uint8Array(src.data) : src.data;
    blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: src.type ?? '' });
    name = src.name || name;
  }
  if (!blob) throw imError(ERROR_CODE.INVALID_PARAMETER, say(lang, 'noFile'));
  return { name, type: blob.type || 'application/octet-stream', size: blob.size, blob };
}

export const extOf = (name: string) => {
  const i = name.lastIndexOf('.');
  return i > 0
    ? name
        .slice(i + 1)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
        .slice(0, 10)
    : '';
};

/** A storage key: a timestamp plus randomness and the extension (never a path). */
export function uploadKey(name: string): string {
  const ext = extOf(name) || 'bin';
  const rand = Math.random().toString(36).slice(2, 10);
  return `${Date.now()}_${rand}.${ext}`;
}

export interface UploadResult {
  url: string;
  key: string;
  size: number;
}

interface UploadArgs {
  lang: Lang;
  url: string;
  headers: Record<string, string>;
  token: string;
  key: string;
  file: FileData;
  onProgress: (p: number) => void;
}

function parseAnswer(status: number, text: string, lang: Lang): UploadResult {
  let body: { code?: number; msg?: string; data?: { url?: string; key?: string; size?: number } } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    /* not JSON: reported below */
  }
  if (status >= 200 && status < 300 && body.code === 200 && body.data?.url)
    return { url: body.data.url, key: body.data.key ?? '', size: body.data.size ?? 0 };
  throw imError(ERROR_CODE.UPLOAD_FAILED, body.msg || say(lang, 'uploadFailed'));
}

interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(k: string, v: string): void;
  send(body: unknown): void;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  status: number;
  responseText: string;
  timeout: number;
  ontimeout: (() => void) | null;
}

/** Spec §9: uploads may take up to 600000 ms. */
const UPLOAD_TIMEOUT_MS = 600_000;

function uploadXhr(a: UploadArgs, Xhr: new () => XhrLike): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new Xhr();
    xhr.open('POST', a.url);
    for (const [k, v] of Object.entries(a.headers)) xhr.setRequestHeader(k, v);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total) a.onProgress(Math.min(1, e.loaded / e.total));
    };
    xhr.onload = () => {
      try {
        resolve(parseAnswer(xhr.status, xhr.responseText, a.lang));
      } catch (e) {
        reject(e as Error);
      }
    };
    xhr.onerror = () => reject(imError(ERROR_CODE.UPLOAD_FAILED, say(a.lang, 'uploadFailed')));
    xhr.ontimeout = xhr.onerror;
    const form = new FormData();
    form.append('token', a.token);
    form.append('key', a.key);
    form.append('file', a.file.blob, a.file.name);
    xhr.send(form);
  });
}

/** Node: a streamed multipart body, so progress follows the bytes actually taken by the connection. */
async function uploadStream(a: UploadArgs): Promise<UploadResult> {
  const boundary = `----forecourt-im-${Math.random().toString(36).slice(2)}`;
  const enc = new TextEncoder();
  const ascii = a.file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const head = enc.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${a.token}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="key"\r\n\r\n${a.key}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(a.file.name)}\r\n` +
      `Content-Type: ${a.file.type}\r\n\r\n`,
  );
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  const total = head.length + a.file.size + tail.length;
  const CHUNK = 64 * 1024;
  let offset = 0;
  let sent = 0;
  let stage: 'head' | 'file' | 'tail' | 'done' = 'head';
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: Uint8Array;
      if (stage === 'head') {
        chunk = head;
        stage = a.file.size ? 'file' : 'tail';
      } else if (stage === 'file') {
        chunk = new Uint8Array(await a.file.blob.slice(offset, offset + CHUNK).arrayBuffer());
        offset += chunk.length;
        if (offset >= a.file.size) stage = 'tail';
      } else if (stage === 'tail') {
        chunk = tail;
        stage = 'done';
      } else {
        controller.close();
        return;
      }
      sent += chunk.length;
      controller.enqueue(chunk);
      a.onProgress(Math.min(0.99, sent / total));
    },
  });
  let res: Response;
  try {
    res = await fetch(a.url, {
      method: 'POST',
      headers: { ...a.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    } as RequestInit & { duplex: 'half' });
  } catch {
    throw imError(ERROR_CODE.UPLOAD_FAILED, say(a.lang, 'uploadFailed'));
  }
  return parseAnswer(res.status, await res.text(), a.lang);
}

export async function uploadFile(a: UploadArgs): Promise<UploadResult> {
  a.onProgress(0);
  const Xhr = (globalThis as { XMLHttpRequest?: new () => XhrLike }).XMLHttpRequest;
  const out = Xhr ? await uploadXhr(a, Xhr) : await uploadStream(a);
  a.onProgress(1);
  return out;
}

/** Width and height of an image where the runtime can decode it (browsers); 0 otherwise. */
export async function imageSize(blob: Blob): Promise<{ width: number; height: number }> {
  const decode = (
    globalThis as {
      createImageBitmap?: (b: Blob) => Promise<{ width: number; height: number; close?: () => void }>;
    }
  ).createImageBitmap;
  if (!decode) return { width: 0, height: 0 };
  try {
    const bmp = await decode(blob);
    const size = { width: bmp.width, height: bmp.height };
    bmp.close?.();
    return size;
  } catch {
    return { width: 0, height: 0 };
  }
}
