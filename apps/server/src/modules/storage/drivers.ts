import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import { importPackage } from '../../platform/packages.js';

/** The key already holds bytes: a stored file is never replaced. */
export class KeyExistsError extends Error {
  constructor(readonly key: string) {
    super(`storage key ${key} already exists`);
  }
}

/** Where files live. Keys are relative ("000000/1732262400000-ab12.png"), already checked. */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** Stores a finished local temp file under a new key (moving it); KeyExistsError when the key is taken. */
  put(key: string, tempFile: string, contentType: string): Promise<void>;
  /** The stored bytes, or undefined when there is no such key. */
  get(key: string): Promise<{ body: Readable; size?: number } | undefined>;
}

export class LocalDriver implements StorageDriver {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }
  private file(key: string) {
    const p = path.resolve(this.root, key);
    // Keys are checked before they get here; this is the last line against leaving the folder.
    if (!p.startsWith(this.root + path.sep)) throw new Error('key outside the storage folder');
    return p;
  }
  async put(key: string, tempFile: string, _contentType?: string) {
    const dest = this.file(key);
    await fs.promises.mkdir(path.dirname(dest), { recursive: true });
    // A hard link, unlike rename, fails on an existing name: the check and the write are one step.
    const place = (from: string) =>
      fs.promises.link(from, dest).catch((e: NodeJS.ErrnoException) => {
        throw e.code === 'EEXIST' ? new KeyExistsError(key) : e;
      });
    try {
      await place(tempFile);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      // The temp folder is on another file system: copy next to the key first, so the key never shows
      // half a file (the name is not one /files serves).
      const beside = `${dest}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(fs.createReadStream(tempFile), fs.createWriteStream(beside, { flags: 'wx' }));
        await place(beside);
      } finally {
        await fs.promises.rm(beside, { force: true });
      }
    }
    await fs.promises.rm(tempFile, { force: true });
  }
  async get(key: string) {
    const p = this.file(key);
    const stat = await fs.promises.stat(p).catch(() => undefined);
    if (!stat?.isFile()) return undefined;
    return { body: fs.createReadStream(p), size: stat.size };
  }
}

export class S3Driver implements StorageDriver {
  readonly kind = 's3' as const;
  // The AWS SDK is the heaviest import of the server: loaded with the first file stored or read, so a
  // start does not pay for it (docs/architecture.md "Start").
  private readonly sdk = importPackage<typeof import('@aws-sdk/client-s3')>('@aws-sdk/client-s3');
  private clientP?: Promise<S3Client>;
  constructor(
    private readonly bucket: string,
    private readonly opts: {
      endpoint?: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    },
  ) {}
  private client(): Promise<S3Client> {
    const opts = this.opts;
    return (this.clientP ??= this.sdk.then(
      ({ S3Client }) =>
        new S3Client({
          endpoint: opts.endpoint,
          region: opts.region,
          forcePathStyle: opts.forcePathStyle,
          credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
          // Many S3-compatible stores reject the SDK's default aws-chunked uploads with trailing checksums.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }),
    ));
  }
  async put(key: string, tempFile: string, contentType: string) {
    const size = (await fs.promises.stat(tempFile)).size;
    const { PutObjectCommand } = await this.sdk;
    await (
      await this.client()
    )
      .send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: fs.createReadStream(tempFile),
          ContentLength: size,
          ContentType: contentType,
          // The store refuses (412) a key that exists instead of replacing its bytes.
          IfNoneMatch: '*',
        }),
      )
      .catch((e: { name?: string; $metadata?: { httpStatusCode?: number } }) => {
        throw e.name === 'PreconditionFailed' || e.$metadata?.httpStatusCode === 412
          ? new KeyExistsError(key)
          : e;
      });
    await fs.promises.rm(tempFile, { force: true });
  }
  async get(key: string) {
    try {
      const { GetObjectCommand } = await this.sdk;
      const r = await (await this.client()).send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return { body: r.Body as Readable, size: r.ContentLength };
    } catch (e) {
      if (
        (e as { name?: string }).name === 'NoSuchKey' ||
        (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
      )
        return undefined;
      throw e;
    }
  }
}

export function openStorage(config: Config): StorageDriver {
  if (config.STORAGE === 's3') {
    return new S3Driver(config.S3_BUCKET!, {
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY!,
      secretAccessKey: config.S3_SECRET_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDriver(path.join(config.dataDir, 'files'));
}
