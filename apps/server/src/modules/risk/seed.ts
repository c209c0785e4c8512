import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import type { SeedContext } from '../module.js';
import type { Category } from './rules.js';

/** A starting list for a car dealer's staff chat: order diversion and fraud first, then the usual abuse. */
export const DEFAULT_WORDS: Array<[Category, string[]]> = [
  ['fraud', ['刷单', '套现', '代开发票', '洗钱', '私下转账', '返现', '飞单', '假发票']],
  ['ad', ['加微信', '加我微信', '私聊价', '内部价', '代理招募', 'WeChat']],
  ['abuse', ['傻逼', '王八蛋', '混蛋', '滚蛋', '去死', 'fuck', 'shit', 'bitch', 'asshole']],
  ['porn', ['约炮', '色情', '裸聊', 'porn']],
  ['gambling', ['赌博', '博彩', '六合彩', '百家乐', 'casino']],
];

/**
 * Gives a tenant the starting list once: a tenant that has ever had words (even all removed since) keeps
 * its own choice.
 */
export async function seedTenantWords(db: Db, tenantId: string): Promise<number> {
  const had = await db.one('SELECT 1 FROM risk_sensitive_word WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (had) return 0;
  const rows = DEFAULT_WORDS.flatMap(([category, list]) => list.map((word) => ({ category, word })));
  await db.query(
    `INSERT INTO risk_sensitive_word (id, tenant_id, word, category)
     SELECT w.id, $1, w.word, w.category FROM unnest($2::bigint[], $3::text[], $4::text[]) AS w(id, word, category)
     ON CONFLICT DO NOTHING`,
    [tenantId, rows.map(() => newId()), rows.map((r) => r.word), rows.map((r) => r.category)],
  );
  return rows.length;
}

export async function seedRisk(ctx: SeedContext): Promise<void> {
  const tenants = await ctx.db.query<{ tenant_id: string }>(
    'SELECT tenant_id FROM blade_tenant WHERE is_deleted = 0',
  );
  let n = 0;
  for (const { tenant_id } of tenants) n += await seedTenantWords(ctx.db, tenant_id);
  if (n) ctx.log(`seeded ${n} sensitive words`);
}
