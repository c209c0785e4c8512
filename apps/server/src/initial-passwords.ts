import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './platform/db/index.js';

export const initialPasswordsFile = (dataDir: string) => path.join(dataDir, 'initial-passwords.txt');

const ENTRY = /^(admin|demo staff \(([^)]*)\)) password: (\S+)$/;

/**
 * Drops from DATA_DIR/initial-passwords.txt every account whose generated password was changed since
 * (password_initial is false), and the file once no entry is left: a password the file still shows
 * must be one that signs in. Returns whether the file is still there.
 */
export async function pruneInitialPasswords(db: Db, dataDir: string): Promise<boolean> {
  const file = initialPasswordsFile(dataDir);
  if (!fs.existsSync(file)) return false;
  const rows = await db.query<{ account: string }>(
    `SELECT account FROM blade_user WHERE tenant_id = '000000' AND is_deleted = 0 AND password_initial`,
  );
  const initial = new Set(rows.map((r) => r.account));
  const [header, ...lines] = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const kept: string[] = [];
  for (const line of lines) {
    const m = ENTRY.exec(line);
    if (!m) continue;
    if (m[1] === 'admin') {
      if (initial.has('admin')) kept.push(line);
      continue;
    }
    const still = m[2]!
      .split(',')
      .map((a) => a.trim())
      .filter((a) => initial.has(a));
    if (still.length) kept.push(`demo staff (${still.join(', ')}) password: ${m[3]}`);
  }
  if (!kept.length) {
    fs.rmSync(file, { force: true });
    return false;
  }
  if (kept.length !== lines.length || kept.some((l, i) => l !== lines[i]))
    fs.writeFileSync(file, `${header}\n${kept.join('\n')}\n`, { mode: 0o600 });
  return true;
}
