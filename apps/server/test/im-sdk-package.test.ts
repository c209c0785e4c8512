/**
 * The chat SDK as a project outside this repository gets it: built and packed by npm, installed from the
 * tarball into a scratch folder, imported by a plain .mjs script under Node (no TypeScript, no Vite, no
 * workspace link) that signs two users in and exchanges a message with a listening server.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbLabel } from './harness.js';
import { chatServer, ticketFor, type ChatServer } from './im-support.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const sdkDir = path.join(root, 'packages/im-sdk');

/** What the consumer script prints: both sides of one exchange, and the CommonJS entry's exports. */
interface Outcome {
  sent: { code: number; status: string; seq: number };
  received: { ID: string; from: string; conversationID: string; text: string }[];
  sentID: string;
  cjs: string[];
}

const consumer = `
import { createRequire } from 'node:module';
import IM, { create, EVENT, TYPES } from '@forecourt/im-sdk';
import { ERROR_CODE } from '@forecourt/im-sdk/types';

const [origin, sigA, sigB] = process.argv.slice(2);
const a = create({ server: origin, lang: 'en' });
const b = IM.create({ server: origin, lang: 'en' });
const received = [];
const got = new Promise((resolve) =>
  b.on(EVENT.MESSAGE_RECEIVED, (e) => {
    received.push(...e.data);
    resolve();
  }),
);
await a.login({ userID: 'sales1', userSig: sigA });
await b.login({ userID: 'sales2', userSig: sigB });
const m = a.createTextMessage({ to: 'sales2', conversationType: TYPES.CONV_C2C, payload: { text: 'from a plain script' } });
const res = await a.sendMessage(m);
await Promise.race([got, new Promise((_, reject) => setTimeout(() => reject(new Error('nothing received')), 15000).unref())]);
await a.destroy();
await b.destroy();
const cjs = createRequire(import.meta.url)('@forecourt/im-sdk');
process.stdout.write(JSON.stringify({
  sent: { code: res.code, status: m.status, seq: m.seq },
  sentID: m.ID,
  received: received.map((r) => ({ ID: r.ID, from: r.from, conversationID: r.conversationID, text: r.payload.text })),
  cjs: [typeof cjs.create, typeof cjs.EVENT, String(ERROR_CODE !== undefined)],
}));
`;

describe(`the chat SDK as an npm package (${dbLabel})`, () => {
  let t: ChatServer;
  let scratch: string;
  let files: string[];

  beforeAll(async () => {
    // Built and packed from a copy of the package: the two server projects run this file at the same time,
    // and a build in place would clean dist/ under the other one's feet. The copy sits inside the repository
    // so its build finds tsup and TypeScript (a hidden folder: no test, lint or build picks it up).
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'im-sdk-package-'));
    const copy = fs.mkdtempSync(path.join(sdkDir, '.pack-'));
    try {
      for (const f of ['package.json', 'README.md', 'tsup.config.ts', 'src'])
        fs.cpSync(path.join(sdkDir, f), path.join(copy, f), {
          recursive: true,
          filter: (src) => !src.endsWith('.test.ts'),
        });
      fs.writeFileSync(
        path.join(copy, 'tsconfig.json'),
        JSON.stringify({
          extends: path.join(root, 'tsconfig.base.json'),
          compilerOptions: { noEmit: true },
          include: ['src'],
        }),
      );
      await run('npm', ['run', 'build'], { cwd: copy });
      const packed = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], {
        cwd: copy,
      });
      const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
      files = info!.files.map((f) => f.path);
      const tarball = path.join(scratch, info!.filename);

      // The tarball's one runtime dependency is `ws`, placed from this repository's own install so the
      // install needs no registry (a CI machine may have no network); npm still resolves and checks it.
      fs.writeFileSync(
        path.join(scratch, 'package.json'),
        JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
      );
      fs.cpSync(path.join(root, 'node_modules/ws'), path.join(scratch, 'node_modules/ws'), {
        recursive: true,
        dereference: true,
      });
      await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
        cwd: scratch,
      });
      fs.writeFileSync(path.join(scratch, 'chat.mjs'), consumer);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
    t = await chatServer();
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('packs the built ESM, CommonJS and declarations, without the TypeScript sources or tests', () => {
    for (const f of [
      'dist/index.js',
      'dist/index.cjs',
      'dist/index.d.ts',
      'dist/types.d.ts',
      'dist/protocol.js',
    ])
      expect(files).toContain(f);
    expect(files).toContain('README.md');
    expect(files.filter((f) => f.startsWith('src/') || f.endsWith('.test.ts'))).toEqual([]);
    const installed = JSON.parse(
      fs.readFileSync(path.join(scratch, 'node_modules/@forecourt/im-sdk/package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> };
    expect(Object.keys(installed.dependencies)).toEqual(['ws']);
  });

  it('types a TypeScript project from the declarations, and refuses a wrong call', async () => {
    const tsc = (file: string) =>
      run(
        process.execPath,
        [
          path.join(root, 'node_modules/typescript/bin/tsc'),
          '--noEmit',
          '--strict',
          '--module',
          'nodenext',
          file,
        ],
        { cwd: scratch },
      ).then(
        () => '',
        (e: { stdout: string }) => e.stdout,
      );
    const good = `import { create, TYPES, type Message } from '@forecourt/im-sdk';
import { ERROR_CODE } from '@forecourt/im-sdk/types';
const c = create({ server: 'http://127.0.0.1:1' });
const m: Message = c.createTextMessage({ to: 'b', conversationType: TYPES.CONV_C2C, payload: { text: 'x' } });
export const code: number = ERROR_CODE.INVALID_PARAMETER;
export const sent = c.sendMessage(m);
`;
    fs.writeFileSync(path.join(scratch, 'good.mts'), good);
    fs.writeFileSync(path.join(scratch, 'bad.mts'), good.replace("{ text: 'x' }", '{ text: 1 }'));
    expect(await tsc('good.mts')).toBe('');
    expect(await tsc('bad.mts')).toMatch(/bad\.mts.*error TS2322/);
  }, 120_000);

  it('lets a plain Node script sign two users in and exchange a message', async () => {
    const [sigA, sigB] = [await ticketFor(t, 'sales1'), await ticketFor(t, 'sales2')];
    const { stdout } = await run(process.execPath, ['chat.mjs', t.origin, sigA, sigB], {
      cwd: scratch,
      timeout: 60_000,
    });
    const out = JSON.parse(stdout) as Outcome;
    expect(out.sent).toMatchObject({ code: 0, status: 'success' });
    expect(out.received).toEqual([
      { ID: out.sentID, from: 'sales1', conversationID: 'C2Csales1', text: 'from a plain script' },
    ]);
    expect(out.cjs).toEqual(['function', 'object', 'true']);
  });
});
