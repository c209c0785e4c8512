import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../platform/db/index.js';
import { bad } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { isUniqueViolation } from '../../platform/db/unique.js';
import { exec, scoped } from '../../platform/sql/index.js';
import { KeyExistsError, type StorageDriver } from './drivers.js';
import { POLICIES, contentMatches, contentTypeOf, extOf, type PolicyName } from './policy.js';
import type { UploadGrant } from './token.js';
import { importPackage } from '../../platform/packages.js';

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
 * One upload, in an order that never lets a key's bytes be replaced:
 * 1. the token's id and the key go into blade_attach_upload in one committed insert, before any byte is
 *    written — a used token (primary key) or a taken key (unique name) is refused there, on every node;
 * 2. the bytes stream to a temp file while being counted (over the limit → refused) and the first bytes
 *    are checked against the extension;
 * 3. the attachment row is inserted (and committed);
 * 4. only then the driver moves the bytes into place, refusing a key that already holds bytes.
 * A failure before step 4 gives the key back (the token stays used) and leaves no file.
 */
export async function storeUpload(
  deps: { db: Db; driver: StorageDriver; cdnBase: string; tempDir?: string },
  grant: UploadGrant,
  file: { stream: Readable; filename: string },
): Promise<UploadResult> {
  const { db } = deps;
  const policy = POLICIES[grant.policy as PolicyName];
  const ext = extOf(grant.key);
  const key = `${grant.tid}/${grant.key}`;
  // The token is the credential: its tenant is the scope of every row of this upload.
  const tenant = scoped({ tenantId: grant.tid, isPlatformAdmin: false });
  try {
    await exec(
      db,
      tenant.insertInto('blade_attach_upload', { jti: grant.jti, name: key, createUser: grant.uid }),
    );
  } catch (e) {
    file.stream.resume();
    if (isUniqueViolation(e, 'blade_attach_upload_pkey')) throw bad('storage.tokenUsed');
    if (isUniqueViolation(e, 'blade_attach_upload_name')) throw bad('storage.keyExists', { key: grant.key });
    throw e;
  }
  const release = () =>
    exec(
      db,
      tenant.updateTable('blade_attach_upload').set({ name: null }).where('jti', '=', grant.jti),
    ).catch(() => undefined);

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
    try {
      await pipeline(file.stream, meter, fs.createWriteStream(temp));
    } catch (e) {
      file.stream.resume();
      if (tooLarge) throw bad('storage.tooLarge', { limit: human(policy.maxBytes) });
      throw e;
    }
    if (!size) throw bad('storage.noFile');
    const { fileTypeFromBuffer } = await importPackage<typeof import('file-type')>('file-type'); // Loaded on first use: it is heavy, and a start should not pay for it (docs/architecture.md "Start")
    const detected = await fileTypeFromBuffer(head);
    if (!contentMatches(ext, detected?.mime)) throw bad('storage.contentMismatch', { ext });
  } catch (e) {
    await fs.promises.rm(temp, { force: true });
    await release();
    throw e;
  }

  const contentType = contentTypeOf(ext);
  const url = deps.cdnBase.replace(/\/?$/, '/') + key;
  const attachId = newId();
  const original = file.filename || grant.key;
  try {
    await exec(
      db,
      tenant.insertInto('blade_attach', {
        id: attachId,
        link: url,
        domainUrl: deps.cdnBase,
        name: key,
        originalName: original.slice(0, 500),
        extension: ext,
        attachSize: size,
        contentType,
        policy: grant.policy,
        createUser: grant.uid,
        updateUser: grant.uid,
      }),
    );
  } catch (e) {
    await fs.promises.rm(temp, { force: true });
    await release();
    throw e;
  }
  try {
    await deps.driver.put(key, temp, contentType);
  } catch (e) {
    await fs.promises.rm(temp, { force: true });
    await exec(db, tenant.deleteFrom('blade_attach', { withDeleted: true }).where('id', '=', attachId)).catch(
      () => undefined,
    );
    // Bytes already under the key (stored before the database knew of it) keep the key taken.
    if (e instanceof KeyExistsError) throw bad('storage.keyExists', { key: grant.key });
    await release();
    throw e;
  }
  return {
    key,
    url,
    fileName: original.replace(/\.[^.]*$/, ''),
    filePath: url,
    fileType: ext,
    size,
    attachId,
  };
}
