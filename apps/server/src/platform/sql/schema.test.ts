import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { modules } from '../../modules/index.js';
import { generateFromMigrations } from './generate.js';

/**
 * The CI drift check: the checked-in table types are exactly what the migrations produce, so a migration
 * changed without regenerating fails here instead of compiling against a schema that no longer exists.
 */
describe('generated table types', () => {
  it('match the migrations (otherwise run npm run db:types -w apps/server)', async () => {
    const fresh = await generateFromMigrations(modules);
    const checkedIn = fs.readFileSync(new URL('./schema.gen.ts', import.meta.url), 'utf8');
    const diff = firstDifference(checkedIn, fresh);
    expect(
      diff,
      `src/platform/sql/schema.gen.ts is stale: run npm run db:types -w apps/server and commit it.\n${diff}`,
    ).toBe('');
  });
});

/** The first differing line of both texts, to say what changed rather than dump 1000 lines. */
function firstDifference(a: string, b: string): string {
  const la = a.split('\n');
  const lb = b.split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] !== lb[i])
      return `line ${i + 1}:\n  checked in: ${la[i] ?? '(end)'}\n  migrations: ${lb[i] ?? '(end)'}`;
  }
  return '';
}
