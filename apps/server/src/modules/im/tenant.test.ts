import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counting, createTestApp, dbLabel, type TestApp } from '../../../test/harness.js';
import { newId } from '../../platform/ids.js';
import { listConversations, resolveConv, type Conv } from './convs.js';
import type { ImDeps } from './deps.js';
import { imSettings } from './settings.js';
import { deleteConversation, history, markRead, modify, revoke, setMemberFlag, type Actor } from './store.js';
import { c2cId, pairKey } from './rules.js';
import { storeMessage } from './writer.js';

/**
 * The chat's tuned statements stay hand-written (platform/sql/raw-allowlist.ts); most are keyed by a
 * conversation that was first looked up with the caller's tenant. This holds that chain: a user of
 * another tenant with the same user ids reaches nothing of the conversation, and changes nothing.
 */
describe(`chat statements keep to the caller's tenant (${dbLabel})`, () => {
  let t: TestApp;
  let deps: ImDeps;
  let conv: Conv;
  let messageID: string;
  const home = '000000';
  const other = '999999';
  const stranger: Actor = { tenantId: other, userID: 'ta', nick: 'ta', avatar: '' };

  beforeAll(async () => {
    t = await createTestApp();
    deps = { db: t.db, settings: imSettings(t.app.ctx.config), clock: { now: () => Date.now() } };
    const id = newId();
    await t.db.query(
      `INSERT INTO im_conversation (id, tenant_id, kind, pair_key, user_a, user_b) VALUES ($1, $2, 'c2c', $3, 'ta', 'tb')`,
      [id, home, pairKey('ta', 'tb')],
    );
    await t.db.query(
      `INSERT INTO im_member (conversation_id, tenant_id, user_id) VALUES ($1, $2, 'ta'), ($1, $2, 'tb')`,
      [id, home],
    );
    conv = { id, tenantId: home, kind: 'c2c', userA: 'ta', userB: 'tb', groupId: null };
    const stored = await storeMessage(t.db, {
      conv,
      sender: 'ta',
      clientMsgId: 'tenant-1',
      type: 'TIMTextElem',
      payload: { text: 'hello' },
      nick: 'ta',
      avatar: '',
      nowMs: Date.now(),
    });
    messageID = String(stored!.row.id);
  });
  afterAll(() => t?.close());

  const state = async () =>
    t.db.one<{ text: string; revoked: boolean; read: string; pinned: boolean; deleted: boolean }>(
      `SELECT m.payload->>'text' AS text, m.is_revoked AS revoked, mb.read_seq AS read, mb.pinned,
              mb.deleted_at IS NOT NULL AS deleted
         FROM im_message m JOIN im_member mb ON mb.conversation_id = m.conversation_id AND mb.user_id = 'ta'
        WHERE m.id = $1`,
      [messageID],
    );

  it('finds the conversation only in its own tenant', async () => {
    expect(await resolveConv(t.db, home, 'ta', c2cId('tb'))).toMatchObject({ id: conv.id });
    expect(await resolveConv(t.db, other, 'ta', c2cId('tb'))).toBeUndefined();
    expect(await listConversations(t.db, other, 'ta')).toEqual([]);
    expect((await listConversations(t.db, home, 'ta')).map((c) => c.conversationID)).toEqual([c2cId('tb')]);
  });

  it('answers lists asked for together in a statement per batch, each viewer its own, each tenant apart', async () => {
    const { db, n } = counting(t.db);
    // Sequential, one statement each: what the batched answers must equal.
    const alone = {
      ta: await listConversations(db, home, 'ta'),
      tb: await listConversations(db, home, 'tb'),
      nobody: await listConversations(db, home, 'nobody'),
    };
    expect(alone.ta.map((c) => c.conversationID)).toEqual([c2cId('tb')]);
    expect(alone.tb.map((c) => c.conversationID)).toEqual([c2cId('ta')]);
    expect(alone.ta[0]).toMatchObject({ userProfile: { userID: 'tb' }, lastMessage: { fromAccount: 'ta' } });
    expect(n.statements).toBe(3);
    n.statements = 0;
    // Asked in one turn (as a connect storm's syncs arrive from the network), a tenant's lists share one
    // statement.
    const together = await Promise.all([
      listConversations(db, home, 'first'),
      listConversations(db, home, 'second'),
      listConversations(db, home, 'ta'),
      listConversations(db, home, 'tb'),
      listConversations(db, home, 'nobody'),
      listConversations(db, home, 'ta'),
      listConversations(db, other, 'ta'),
      listConversations(db, other, 'tb'),
    ]);
    expect(together.slice(2)).toEqual([alone.ta, alone.tb, alone.nobody, alone.ta, [], []]);
    // One for the home tenant's six calls, one for the other tenant's two.
    expect(n.statements).toBe(2);
  });

  it("shows another tenant's user no history and lets them change nothing", async () => {
    const before = await state();
    expect(before).toMatchObject({ text: 'hello', revoked: false, pinned: false, deleted: false });
    expect((await history(deps, stranger, { conversationID: c2cId('tb') })).messageList).toEqual([]);
    expect((await markRead(deps, stranger, { conversationID: c2cId('tb'), seq: 1 })).result.readSeq).toBe(0);
    await expect(revoke(deps, stranger, messageID)).rejects.toThrow();
    await expect(modify(deps, stranger, { messageID, text: 'changed' })).rejects.toThrow();
    await deleteConversation(deps, stranger, c2cId('tb'));
    await setMemberFlag(deps, stranger, c2cId('tb'), 'pinned', true).catch(() => undefined);
    expect(await state()).toEqual(before);
  });
});
