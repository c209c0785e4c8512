import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyExistsError, LocalDriver, S3Driver } from './drivers.js';

/** A minimal S3-compatible endpoint (path-style PUT and GET), to check the driver's requests for real. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type?: string; auth?: string }>();
  const puts: { key: string; ifNoneMatch?: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = decodeURIComponent(req.url!.split('?')[0]!);
      if (req.method === 'PUT') {
        // As S3 does: a conditional put of an existing key is refused with 412, the object unchanged.
        if (req.headers['if-none-match'] === '*' && objects.has(key)) {
          res
            .writeHead(412, { 'content-type': 'application/xml' })
            .end(
              '<?xml version="1.0"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>',
            );
          return;
        }
        puts.push({ key, ifNoneMatch: req.headers['if-none-match'] });
        objects.set(key, {
          body: Buffer.concat(chunks),
          type: req.headers['content-type'],
          auth: req.headers.authorization,
        });
        res.writeHead(200, { etag: '"x"' }).end();
      } else if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>no</Message></Error>');
          return;
        }
        res
          .writeHead(200, {
            'content-type': o.type ?? 'application/octet-stream',
            'content-length': o.body.length,
          })
          .end(o.body);
      } else res.writeHead(405).end();
    });
  });
  return { server, objects, puts };
}

const text = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('storage drivers', () => {
  const s3 = fakeS3();
  let endpoint: string;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ft-drv-'));
  beforeAll(async () => {
    await new Promise<void>((r) => s3.server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    s3.server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('puts and gets through an S3-compatible endpoint, signed, with the content type', async () => {
    const d = new S3Driver('fc-bucket', {
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    const file = path.join(tmp, 'a');
    fs.writeFileSync(file, 'hello s3');
    await d.put('000000/1.png', file, 'image/png');
    const stored = s3.objects.get('/fc-bucket/000000/1.png')!;
    expect(stored.body.toString()).toBe('hello s3');
    expect(stored.type).toBe('image/png');
    expect(stored.auth).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
    expect(fs.existsSync(file)).toBe(false);
    const got = await d.get('000000/1.png');
    expect(await text(got!.body)).toBe('hello s3');
    expect(await d.get('000000/missing.png')).toBeUndefined();
  });

  it('never replaces an S3 object: the put is conditional and a 412 is the key-exists refusal', async () => {
    const d = new S3Driver('fc-bucket', {
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    const first = path.join(tmp, 'c1');
    fs.writeFileSync(first, 'original');
    await d.put('000000/3.png', first, 'image/png');
    expect(s3.puts.find((p) => p.key === '/fc-bucket/000000/3.png')?.ifNoneMatch).toBe('*');
    const second = path.join(tmp, 'c2');
    fs.writeFileSync(second, 'attacker');
    await expect(d.put('000000/3.png', second, 'image/png')).rejects.toBeInstanceOf(KeyExistsError);
    expect(s3.objects.get('/fc-bucket/000000/3.png')!.body.toString()).toBe('original');
  });

  it('never replaces a local file', async () => {
    const d = new LocalDriver(path.join(tmp, 'files'));
    const first = path.join(tmp, 'd1');
    fs.writeFileSync(first, 'original');
    await d.put('000000/4.png', first, 'image/png');
    expect(fs.existsSync(first)).toBe(false);
    const second = path.join(tmp, 'd2');
    fs.writeFileSync(second, 'attacker');
    await expect(d.put('000000/4.png', second, 'image/png')).rejects.toBeInstanceOf(KeyExistsError);
    expect(await text((await d.get('000000/4.png'))!.body)).toBe('original');
  });

  it('keeps local files inside the storage folder', async () => {
    const d = new LocalDriver(path.join(tmp, 'files'));
    const file = path.join(tmp, 'b');
    fs.writeFileSync(file, 'local');
    await d.put('000000/2.pdf', file, 'application/pdf');
    expect(await text((await d.get('000000/2.pdf'))!.body)).toBe('local');
    await expect(d.get('../b')).rejects.toThrow(/outside/);
  });
});
