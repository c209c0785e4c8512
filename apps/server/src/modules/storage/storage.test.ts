import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    for (const key of ['../etc/passwd.png', 'a/b.png', '..png', '/abs.png', 'x.png\u0000', 'noext']) {
      const res = await uploadToken(key);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().msg, key).toMatch(/is not valid: a timestamp and an extension, no path/);
    }
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
});
