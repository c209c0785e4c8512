import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { counting, dbLabel, testConfig, testDb } from '../test/harness.js';
import { prepareDatabase, seedFingerprint } from './boot.js';
import { modules } from './modules/index.js';
import type { Db } from './platform/db/index.js';

const seedSteps = (timings: Record<string, number>) =>
  Object.keys(timings).filter((k) => k.startsWith('seed:'));
const templates = async (db: Db) =>
  Number(
    (await db.one<{ n: string }>(
      `SELECT count(*) AS n FROM blade_notice_template WHERE tenant_id = '000000'`,
    ))!.n,
  );

describe(`a start's seeds (${dbLabel})`, () => {
  const config = testConfig();
  let db: Db;
  let drop: () => Promise<void>;
  beforeEach(async () => {
    ({ db, drop } = await testDb(config));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await drop();
  });

  it('runs every seed once per build and settings, and a restart of that build reads one row instead', async () => {
    const first: Record<string, number> = {};
    await prepareDatabase(db, config, undefined, first, 'build-a');
    expect(seedSteps(first)).toEqual(modules.filter((m) => m.seed).map((m) => `seed:${m.name}`));

    const again: Record<string, number> = {};
    const { db: counted, n } = counting(db);
    const credentials = await prepareDatabase(counted, config, undefined, again, 'build-a');
    expect(credentials).toEqual([]);
    expect(seedSteps(again)).toEqual([]);
    expect(again).toHaveProperty('seeds:skipped');
    // The migrations' check (a transaction: its lock and the applied list) and the seeds' fingerprint:
    // nothing of any seed.
    expect(n.statements).toBe(3);
    expect(n.transactions).toBe(1);

    // Another build, or other settings for the seeds: every seed runs again.
    const other: Record<string, number> = {};
    await prepareDatabase(db, config, undefined, other, 'build-b');
    expect(seedSteps(other)).toHaveLength(seedSteps(first).length);
    const noDemo: Record<string, number> = {};
    await prepareDatabase(db, testConfig({ SEED_DEMO: 'false' }), undefined, noDemo, 'build-b');
    expect(seedSteps(noDemo)).toHaveLength(seedSteps(first).length);
    expect(seedFingerprint('build-b', { SEED_DEMO: false })).not.toBe(
      seedFingerprint('build-b', { SEED_DEMO: true }),
    );
  });

  it('keeps demo rows a user deleted on a restart of the same build', async () => {
    await prepareDatabase(db, config, undefined, {}, 'build-a');
    expect(await templates(db)).toBeGreaterThan(0);
    await db.query(`DELETE FROM blade_notice_template WHERE tenant_id = '000000'`);
    await prepareDatabase(db, config, undefined, {}, 'build-a');
    expect(await templates(db)).toBe(0);
  });

  it('runs the seeds again after a start whose seeds failed part way', async () => {
    const sales = modules.find((m) => m.name === 'sales')!;
    vi.spyOn(sales, 'seed').mockRejectedValueOnce(new Error('the disk is full'));
    await expect(prepareDatabase(db, config, undefined, {}, 'build-a')).rejects.toThrow('the disk is full');
    const next: Record<string, number> = {};
    await prepareDatabase(db, config, undefined, next, 'build-a');
    expect(seedSteps(next)).toContain('seed:sales');
    const after: Record<string, number> = {};
    await prepareDatabase(db, config, undefined, after, 'build-a');
    expect(seedSteps(after)).toEqual([]);
  });

  it('runs the seeds at every start from the sources (no build id)', async () => {
    for (let i = 0; i < 2; i++) {
      const timings: Record<string, number> = {};
      await prepareDatabase(db, config, undefined, timings);
      expect(seedSteps(timings).length).toBeGreaterThan(0);
    }
    expect(await db.one('SELECT 1 FROM sys_seed_state')).toBeUndefined();
  });
});
