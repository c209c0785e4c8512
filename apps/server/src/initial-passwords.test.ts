import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sm2 } from 'sm-crypto';
import {
  call,
  createTestApp,
  dbLabel,
  TEST_ADMIN_PASSWORD,
  tokenFor,
  type TestApp,
} from '../test/harness.js';
import { initialPasswordsFile, pruneInitialPasswords } from './initial-passwords.js';

describe(`initial-passwords.txt (${dbLabel})`, () => {
  let t: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-initial-'));
  const file = initialPasswordsFile(dir);
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const setInitial = (accounts: string[], initial: boolean) =>
    t.db.query(
      `UPDATE blade_user SET password_initial = $2 WHERE tenant_id = '000000' AND account = ANY($1)`,
      [accounts, initial],
    );
  const staff = ['sales1', 'sales2', 'resource1', 'resource2', 'online1', 'online2'];

  it('drops the entry as soon as the password is changed in the console', async () => {
    await t.db.query(`UPDATE blade_user SET password_initial = true WHERE tenant_id = '000000'`);
    fs.writeFileSync(
      file,
      'Forecourt initial passwords (tenant 000000), 2026-01-01T00:00:00.000Z\n' +
        `admin password: ${TEST_ADMIN_PASSWORD}\n` +
        `demo staff (${staff.join(', ')}) password: Dem0-Secret-XYZ\n`,
      { mode: 0o600 },
    );
    const pk = (await call(t, undefined, { url: '/api/blade-auth/oauth/public-key' })).json().data.publicKey;
    const enc = (s: string) => sm2.doEncrypt(s, pk, 1);
    const changed = await call(t, await tokenFor(t, 'admin'), {
      method: 'POST',
      url: '/api/blade-user/update-password',
      payload: {
        oldPassword: enc(TEST_ADMIN_PASSWORD),
        newPassword: enc('Chosen#Admin2026'),
        newPassword1: enc('Chosen#Admin2026'),
      },
      lang: 'en',
    });
    expect(changed.json().code).toBe(200);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toContain('admin password');
    expect(text).toContain('Dem0-Secret-XYZ');
  });

  it('drops each account once its password was changed, and the file once it is empty', async () => {
    await setInitial(['admin', ...staff], true);
    fs.writeFileSync(
      file,
      'Forecourt initial passwords (tenant 000000), 2026-01-01T00:00:00.000Z\n' +
        'admin password: Adm1n-Secret-XYZ\n' +
        `demo staff (${staff.join(', ')}) password: Dem0-Secret-XYZ\n`,
      { mode: 0o600 },
    );
    expect(await pruneInitialPasswords(t.db, dir)).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toContain('admin password: Adm1n-Secret-XYZ');

    await setInitial(['admin', 'sales1'], false);
    expect(await pruneInitialPasswords(t.db, dir)).toBe(true);
    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toContain('Adm1n-Secret-XYZ');
    expect(text).toContain(
      'demo staff (sales2, resource1, resource2, online1, online2) password: Dem0-Secret-XYZ',
    );
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    await setInitial(staff, false);
    expect(await pruneInitialPasswords(t.db, dir)).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
  });
});
