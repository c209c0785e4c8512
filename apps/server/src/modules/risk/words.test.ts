import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbLabel, type TestApp } from '../../../test/harness.js';
import { MemoryBus } from '../../platform/bus.js';
import type { Db } from '../../platform/db/index.js';
import {
  maskSensitive,
  recordRiskHit,
  scanSensitive,
  watchWordChanges,
  WORD_CACHE_MAX,
  wordFilterOf,
  wordsChanged,
} from './words.js';

describe(`sensitive words of a tenant (${dbLabel})`, () => {
  let t: TestApp;
  let n = 0;
  const addWord = (tenantId: string, word: string) =>
    t.db.query('INSERT INTO risk_sensitive_word (id, tenant_id, word) VALUES ($1, $2, $3)', [
      String(9_000_000 + ++n),
      tenantId,
      word,
    ]);
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.query('DELETE FROM risk_sensitive_word');
    await addWord('000000', '刷单');
    await addWord('000000', 'Scam');
    await addWord('888888', '内部价');
  });
  afterAll(() => t?.close());

  it("masks with the tenant's own list only", async () => {
    expect(await maskSensitive(t.db, '000000', '刷单是 SCAM，内部价')).toBe('**是 ****，内部价');
    expect(await maskSensitive(t.db, '888888', '刷单是 SCAM，内部价')).toBe('刷单是 SCAM，***');
    expect(await maskSensitive(t.db, '000000', '')).toBe('');
  });

  it('keeps the automaton until the list changes, then every node drops it', async () => {
    const other = new MemoryBus();
    await addWord('000000', '加微信');
    // Built before the new word: the cached automaton does not know it yet.
    expect(await maskSensitive(t.db, '000000', '加微信')).toBe('加微信');
    // Another node (same database here) hears of the change through the bus.
    const stop = await watchWordChanges(t.db, other);
    await other.publish('risk.words', { tenantId: '000000' });
    await new Promise((r) => setTimeout(r, 10));
    expect(await maskSensitive(t.db, '000000', '加微信')).toBe('***');
    await stop();
    await addWord('000000', '返现');
    await wordsChanged(t.db, t.bus, '000000');
    expect(await maskSensitive(t.db, '000000', '返现')).toBe('**');
  });

  it('records a masked message in the risk diary and skips clean ones', async () => {
    const scan = await scanSensitive(t.db, '000000', '刷单返现找我');
    expect(scan).toMatchObject({ masked: '****找我', hits: ['刷单', '返现'] });
    const id = await recordRiskHit(
      t.db,
      { tenantId: '000000', userId: '1123598821738675201', account: 'admin' },
      { source: 'chat', text: '刷单返现找我', hits: scan.hits, ref: 'msg-1' },
    );
    const row = await t.db.one<Record<string, unknown>>('SELECT * FROM risk_diary WHERE id = $1', [id]);
    expect(row).toMatchObject({
      tenant_id: '000000',
      source: 'chat',
      account: 'admin',
      content: '刷单返现找我',
      masked: '****找我',
      hits: ['刷单', '返现'],
      hit_count: 2,
      ref: 'msg-1',
    });
    expect(await recordRiskHit(t.db, { tenantId: '000000' }, { source: 'chat', text: 'hi', hits: [] })).toBe(
      null,
    );
  });
});

describe('automata kept by a node', () => {
  it('are bounded: past the limit the least recently used tenant is rebuilt, a busy one is kept', async () => {
    const built: string[] = [];
    const db = {
      query: async (_sql: string, params: unknown[]) => {
        // The one text parameter of the list's statement is the tenant.
        built.push(params.find((p) => typeof p === 'string') as string);
        return [];
      },
    } as unknown as Db;
    const tenants = Array.from({ length: 1000 }, (_, i) => `t${i}`);
    for (const id of tenants) await wordFilterOf(db, id);
    await wordFilterOf(db, 't0'); // busy: used again, so it is the most recent
    built.length = 0;
    await wordFilterOf(db, 'newcomer');
    await wordFilterOf(db, 't0');
    await wordFilterOf(db, 't1');
    expect(built).toEqual(['newcomer', 't1']);
    expect(WORD_CACHE_MAX).toBe(tenants.length);
  });
});
