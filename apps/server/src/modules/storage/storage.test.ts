import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { KeyExistsError, LocalDriver, type StorageDriver } from './drivers.js';
import { storeUpload } from './upload.js';
import {
  BASIC,
  call,
  createTestApp,
  dbLabel,
  otherTenant,
  tokenFor,
  type TestApp,
} from '../../../test/harness.js';

/** A real 1×1 PNG and a zip pretending to be a PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const ZIP = Buffer.from('504b0304140000000800000021000000000000000000000000000000', 'hex');
/** The same image with other bytes after its end: a second valid PNG whose bytes differ. */
const PNG2 = Buffer.concat([PNG, Buffer.from('second')]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

describe(`file storage (${dbLabel})`, () => {
  let t: TestApp;
  let sales: string;
  beforeAll(async () => {
    t = await createTestApp();
    sales = await tokenFor(t, 'sales1');
  });
  afterAll(() => t?.close());

  const uploadToken = async (key: string, type?: string, who = sales) =>
    call(t, who, {
      url: `/api/blade-resource/oss/token?bucket_name=forecourt&key=${encodeURIComponent(key)}${type ? `&type=${type}` : ''}`,
      lang: 'en',
    });

  const upload = (token: string, key: string, body: Buffer, filename = key) => {
    const form = new FormData();
    form.append('token', token);
    form.append('key', key);
    form.append('file', new Blob([body]), filename);
    return t.app.inject({
      method: 'POST',
      url: '/api/blade-resource/oss/upload',
      payload: form,
      headers: { authorization: BASIC, 'accept-language': 'en' },
    });
  };

  it('takes an image through token and upload, and serves it at the CDN base with its type', async () => {
    const key = `${Date.now()}.png`;
    const token = (await uploadToken(key)).json().data as string;
    const res = await upload(token, key, PNG, '车辆照片.png');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      key: `000000/${key}`,
      url: `/files/000000/${key}`,
      fileName: '车辆照片',
      fileType: 'png',
      filePath: `/files/000000/${key}`,
    });
    const file = await t.app.inject({ url: data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBeUndefined();
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('serves documents as downloads under their original name', async () => {
    const key = `${Date.now()}.pdf`;
    const token = (await uploadToken(key)).json().data as string;
    const data = (await upload(token, key, PDF, '合同.pdf')).json().data;
    const file = await t.app.inject({ url: data.url });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('合同.pdf')}`,
    );
  });

  it('checks the content, not the name: a zip called .png is refused', async () => {
    const key = `${Date.now()}.png`;
    const token = (await uploadToken(key)).json().data as string;
    const res = await upload(token, key, ZIP);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The content of the file does not match its extension .png');
    expect((await t.app.inject({ url: `/files/000000/${key}` })).statusCode).toBe(404);
  });

  it('refuses an image over 500 KB and keeps nothing', async () => {
    const key = `${Date.now()}.png`;
    const token = (await uploadToken(key)).json().data as string;
    const big = Buffer.concat([PNG, Buffer.alloc(501 * 1024)]);
    const res = await upload(token, key, big);
    expect(res.json()).toMatchObject({ code: 400, msg: 'The file is larger than the limit of 500 KB' });
    expect(await t.db.one('SELECT 1 FROM blade_attach WHERE name = $1', [`000000/${key}`])).toBeUndefined();
  });

  it('refuses path-like keys, types the policy does not allow, and misused tokens', async () => {
    for (const key of ['../etc/passwd.png', 'a/b.png', '..png', '/abs.png', 'noext']) {
      const res = await uploadToken(key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().msg, key).toMatch(/is not valid: a timestamp and an extension, no path/);
    }
    // A NUL character is refused at the edge for every field (app.ts), before the key's own rule.
    expect((await uploadToken('x.png\u0000')).json()).toMatchObject({
      code: 400,
      msg: 'Field key contains a NUL character, which is not allowed',
    });
    expect((await uploadToken(`${Date.now()}.exe`)).json().msg).toBe('.exe files may not be uploaded here');
    expect((await uploadToken(`${Date.now()}.png`, 'weird')).json().msg).toBe(
      'Unsupported upload type weird',
    );

    const key = `${Date.now()}.png`;
    const token = (await uploadToken(key)).json().data as string;
    expect((await upload(token, `${Date.now() + 1}.png`, PNG)).json().msg).toMatch(
      /does not belong to the file name/,
    );
    expect((await upload(`${token.slice(0, -4)}AAAA`, key, PNG)).json().msg).toBe(
      'The upload token is not valid, please get a new one',
    );
    // An expired token (signed with the same key, 11 minutes ago).
    const { SignJWT } = await import('jose');
    const secret = (await t.db.one<{ value: string }>(
      `SELECT value FROM sys_secret WHERE name = 'oss_token_secret'`,
    ))!.value;
    const old = await new SignJWT({
      tid: '000000',
      uid: '1',
      bucket: 'forecourt',
      key,
      policy: 'image',
      typ: 'oss',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 660)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(secret));
    expect((await upload(old, key, PNG)).json().msg).toBe(
      'The upload token has expired, please get a new one',
    );
    // No token at all, and no sign-in for the token endpoint.
    expect((await upload('', key, PNG)).statusCode).toBe(400);
    expect((await call(t, undefined, { url: `/api/blade-resource/oss/token?key=${key}` })).statusCode).toBe(
      401,
    );
  });

  it("keeps a tenant's attachments from another tenant", async () => {
    const admin = await tokenFor(t, 'admin');
    const mine = (await call(t, admin, { url: '/api/blade-resource/attach/list?size=50' })).json().data;
    expect(mine.total).toBeGreaterThanOrEqual(2);
    const boss = await otherTenant(t, '555555');
    expect((await call(t, boss, { url: '/api/blade-resource/attach/list' })).json().data.total).toBe(0);
    const id = mine.records[0].id;
    expect((await call(t, boss, { url: `/api/blade-resource/attach/detail?id=${id}` })).statusCode).toBe(403);
    expect(
      (await call(t, boss, { method: 'POST', url: `/api/blade-resource/attach/remove?ids=${id}` }))
        .statusCode,
    ).toBe(403);
    expect((await call(t, sales, { url: '/api/blade-resource/attach/list' })).statusCode).toBe(403);
    // Another tenant's upload lands in its own folder.
    const key = `${Date.now()}.png`;
    const token = (await uploadToken(key, undefined, boss)).json().data as string;
    expect((await upload(token, key, PNG)).json().data.key).toBe(`555555/${key}`);
  });
  const served = async (key: string) => (await t.app.inject({ url: `/files/000000/${key}` })).rawPayload;

  it('uses a token once: a second upload with it is refused and the stored bytes stay', async () => {
    const key = `${Date.now()}-once.png`;
    const token = (await uploadToken(key)).json().data as string;
    expect((await upload(token, key, PNG)).statusCode).toBe(200);
    const again = await upload(token, key, PNG2);
    expect(again.json()).toMatchObject({
      code: 400,
      msg: 'The upload token has already been used, please get a new one',
    });
    expect((await served(key)).equals(PNG)).toBe(true);
  });

  it('never replaces a stored file: a second token for its key is refused, the bytes stay', async () => {
    const key = `${Date.now()}-taken.png`;
    // Both tokens are issued while the key is still free.
    const first = (await uploadToken(key)).json().data as string;
    const second = (await uploadToken(key)).json().data as string;
    expect((await upload(first, key, PNG)).statusCode).toBe(200);
    const res = await upload(second, key, PNG2);
    expect(res.json()).toMatchObject({
      code: 400,
      msg: `A file named ${key} already exists and cannot be replaced; upload it under a new name`,
    });
    expect((await served(key)).equals(PNG)).toBe(true);
    // Asking for a token of a taken key already says so.
    expect((await uploadToken(key)).json()).toMatchObject({ code: 400, msg: res.json().msg });
  });

  it('lets exactly one of two concurrent uploads of one key win, and keeps its bytes', async () => {
    const key = `${Date.now()}-race.png`;
    const tokens = [(await uploadToken(key)).json().data, (await uploadToken(key)).json().data] as string[];
    const bodies = [PNG, PNG2];
    const results = await Promise.all(tokens.map((tk, i) => upload(tk, key, bodies[i]!)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400]);
    const winner = results.findIndex((r) => r.statusCode === 200);
    expect(results[1 - winner]!.json().msg).toMatch(/already exists and cannot be replaced/);
    expect((await served(key)).equals(bodies[winner]!)).toBe(true);
    expect((await t.db.query('SELECT 1 FROM blade_attach WHERE name = $1', [`000000/${key}`])).length).toBe(
      1,
    );
  });

  describe('storeUpload', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ft-store-'));
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
    const grant = (key: string) => ({
      jti: newId(),
      tid: '000000',
      uid: '1',
      bucket: 'forecourt',
      key,
      policy: 'image' as const,
    });
    const body = () => ({ stream: Readable.from([PNG]), filename: 'a.png' });

    it('leaves no file when the insert of the attachment fails, and gives the key back', async () => {
      const driver = new LocalDriver(path.join(root, 'files'));
      const failing = Object.create(t.db) as Db;
      failing.query = (sql, params, opts) =>
        /^insert into "?blade_attach"? /i.test(sql)
          ? Promise.reject(new Error('database went away'))
          : t.db.query(sql, params, opts);
      const key = `${Date.now()}-fail.png`;
      await expect(
        storeUpload({ db: failing, driver, cdnBase: '/files', tempDir: root }, grant(key), body()),
      ).rejects.toThrow('database went away');
      expect(await driver.get(`000000/${key}`)).toBeUndefined();
      expect(fs.readdirSync(root).filter((f) => f.startsWith('forecourt-upload-'))).toEqual([]);
      // The key is free again: a new token stores it.
      const ok = await storeUpload(
        { db: t.db, driver, cdnBase: '/files', tempDir: root },
        grant(key),
        body(),
      );
      expect(ok.key).toBe(`000000/${key}`);
    });

    it('answers a store that already holds the key with the clear refusal and no attachment row', async () => {
      const driver: StorageDriver = {
        kind: 's3',
        put: (key) => Promise.reject(new KeyExistsError(key)),
        get: () => Promise.resolve(undefined),
      };
      const key = `${Date.now()}-s3.png`;
      await expect(
        storeUpload({ db: t.db, driver, cdnBase: '/files', tempDir: root }, grant(key), body()),
      ).rejects.toMatchObject({ status: 400, key: 'storage.keyExists' });
      expect(await t.db.one('SELECT 1 FROM blade_attach WHERE name = $1', [`000000/${key}`])).toBeUndefined();
    });
  });
});
