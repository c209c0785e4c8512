import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../platform/db/index.js';
import { bad } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { StorageDriver } from './drivers.js';
import { POLICIES, contentMatches, contentTypeOf, extOf, type PolicyName } from './policy.js';
import type { UploadGrant } from './token.js';

export interface UploadResult {
  key: string;
  url: string;
  /** Spec §3 upload result: the name without extension, the CDN address plus key, the extension. */
  fileName: string;
  filePath: string;
  fileType: string;
  size: number;
  attachId: string;
}

const human = (n: number) =>
  n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.round(n / 1024)} KB`;

/**
 * Streams an upload to a temp file while counting bytes (over the limit → refused, nothing kept),
 * checks the first bytes against the extension, then hands the file to the driver and records it.
 */
export async function storeUpload(
  deps: { db: Db; driver: StorageDriver; cdnBase: string; tempDir?: string },
  grant: UploadGrant,
  file: { stream: Readable; filename: string },
): Promise<UploadResult> {
  const policy = POLICIES[grant.policy as PolicyName];
  const ext = extOf(grant.key);
  const temp = path.join(deps.tempDir ?? os.tmpdir(), `forecourt-upload-${randomBytes(8).toString('hex')}`);
  let size = 0;
  let head = Buffer.alloc(0);
  let tooLarge = false;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > policy.maxBytes) {
        tooLarge = true;
        return done(new Error('too large'));
      }
      if (head.length < 4100) head = Buffer.concat([head, chunk.subarray(0, 4100 - head.length)]);
      done(null, chunk);
    },
  });
  try {
    await pipeline(file.stream, meter, fs.createWriteStream(temp));
  } catch (e) {
    await fs.promises.rm(temp, { force: true });
    file.stream.resume();
    if (tooLarge) throw bad('storage.tooLarge', { limit: human(policy.maxBytes) });
    throw e;
  }
  try {
    if (!size) throw bad('storage.noFile');
    const detected = await fileTypeFromBuffer(head);
    if (!contentMatches(ext, detected?.mime)) throw bad('storage.contentMismatch', { ext });
    const key = `${grant.tid}/${grant.key}`;
    const contentType = contentTypeOf(ext);
    await deps.driver.put(key, temp, contentType);
    const url = deps.cdnBase.replace(/\/?$/, '/') + key;
    const attachId = newId();
    const original = file.filename || grant.key;
    await deps.db.query(
      `INSERT INTO blade_attach (id, tenant_id, link, domain_url, name, original_name, extension, attach_size, content_type, policy, create_user, update_user)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
      [
        attachId,
        grant.tid,
        url,
        deps.cdnBase,
        key,
        original.slice(0, 500),
        ext,
        size,
        contentType,
        grant.policy,
        grant.uid,
      ],
    );
    return {
      key,
      url,
      fileName: original.replace(/\.[^.]*$/, ''),
      filePath: url,
      fileType: ext,
      size,
      attachId,
    };
  } finally {
    await fs.promises.rm(temp, { force: true });
  }
}
