/**
 * Groups: create, profile, members (invite, remove, quit), owner hand-over and dismissal. Every change is
 * told to the group as a group-tip message stored like any other (same seq, same catch-up); users who
 * lose the group also get a notice in their system conversation.
 */
import { ERROR_CODE, TYPES, type GroupMember, type GroupProfile } from '@forecourt/im-sdk/types';
import type { GroupCreate } from '@forecourt/im-sdk/protocol';
import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { all, exec, first, scoped, sql, type SqlBool } from '../../platform/sql/index.js';
import type { Compilable } from 'kysely';
import { ms, num, type ImDeps, type Push, type WithPushes } from './deps.js';
import { ImError, invalid, notFoundIm } from './errors.js';
import { groupConv, groupProfileOf, memberIds, systemConv, viewOf, type Conv } from './convs.js';
import { assertGroupable } from './principals.js';
import { ensureUser } from './profiles.js';
import {
  canEditProfile,
  canInvite,
  canQuit,
  canRemove,
  checkAvatar,
  groupConvId,
  type Role,
} from './rules.js';
import { newMessagePushes, type Actor } from './store.js';
import { storeMessage } from './writer.js';

const GROUP_TYPES: string[] = [TYPES.GRP_WORK, TYPES.GRP_PUBLIC, TYPES.GRP_MEETING];
const GROUP_ID = /^\d{1,20}$/;
export const SYSTEM_SENDER = '@TIM#SYSTEM';

/** TIM group system notice operation types. */
export const NOTICE = { KICKED_OUT: 4, DISMISSED: 5 } as const;

/** The chat lives inside one tenant: every statement here is scoped to the actor's or the conversation's. */
const chat = (tenantId: string) => scoped({ tenantId, isPlatformAdmin: false });

/** Rows with the keys as aliased (groupProfileOf reads the summary's snake_case names). */
async function rawRows<O>(db: Db, q: Compilable<O>): Promise<O[]> {
  const c = q.compile();
  return db.query<O & Record<string, unknown>>(c.sql, c.parameters);
}

/** The user's groups, each with the user's own role in it. */
const groupsOf = (tenantId: string, userID: string) =>
  chat(tenantId)
    .selectFrom('im_group', 'g')
    .innerJoin(
      chat(tenantId)
        .selectFrom('im_group_member', 'gm')
        .select(['gm.groupId', 'gm.role', 'gm.joinTime'])
        .where('gm.userId', '=', userID)
        .as('gm'),
      'gm.groupId',
      'g.id',
    )
    .select([
      'g.id as group_id',
      'g.name as g_name',
      'g.type as g_type',
      'g.avatar as g_avatar',
      'g.introduction as g_introduction',
      'g.notification as g_notification',
      'g.ownerId as g_owner',
      'g.createTime as g_create_time',
      'gm.role as g_role',
      'gm.joinTime as g_join_time',
      chat(tenantId)
        .selectFrom('im_group_member', 'x')
        .select(sql<string>`count(*)`.as('n'))
        .where(sql<SqlBool>`x.group_id = g.id`)
        .as('g_members'),
    ])
    .where('g.dismissedAt', 'is', null);

type GroupRow = Parameters<typeof groupProfileOf>[0];

/** The groups the user belongs to, newest first. */
export async function groupList(db: Db, actor: Actor): Promise<GroupProfile[]> {
  const rows = await rawRows(
    db,
    groupsOf(actor.tenantId, actor.userID).orderBy('g.createTime', 'desc').orderBy('g.id', 'desc'),
  );
  return rows.map((r) => groupProfileOf(r as GroupRow));
}

/** A group the user belongs to (NOT_FOUND if there is none, FORBIDDEN if they are not in it). */
export async function groupOf(db: Db, actor: Actor, groupID: string): Promise<GroupProfile> {
  if (!GROUP_ID.test(groupID)) throw notFoundIm('im.noGroup', { groupID });
  const [r] = await rawRows(db, groupsOf(actor.tenantId, actor.userID).where('g.id', '=', groupID));
  if (r) return groupProfileOf(r as GroupRow);
  const exists = await first(
    db,
    chat(actor.tenantId)
      .selectFrom('im_group')
      .select('id')
      .where('id', '=', groupID)
      .where('dismissedAt', 'is', null),
  );
  if (!exists) throw notFoundIm('im.noGroup', { groupID });
  throw new ImError(ERROR_CODE.FORBIDDEN, 'im.notMember');
}

async function roleOf(db: Db, tenantId: string, groupID: string, user: string): Promise<Role | undefined> {
  const r = await first(
    db,
    chat(tenantId)
      .selectFrom('im_group_member')
      .select('role')
      .where('groupId', '=', groupID)
      .where('userId', '=', user),
  );
  return r?.role as Role | undefined;
}

async function requireConv(db: Db, tenantId: string, groupID: string): Promise<Conv> {
  if (!GROUP_ID.test(groupID)) throw notFoundIm('im.noGroup', { groupID });
  const conv = await groupConv(db, tenantId, groupID);
  if (!conv) throw notFoundIm('im.noGroup', { groupID });
  return conv;
}

/** The group's conversation locked against sends, so a joiner's first visible seq is exact. */
async function lockConv(db: Db, conv: Conv): Promise<number> {
  const r = await first(
    db,
    chat(conv.tenantId).selectFrom('im_conversation').select('lastSeq').where('id', '=', conv.id).forUpdate(),
  );
  return num(r?.lastSeq);
}

async function tip(
  db: Db,
  deps: ImDeps,
  conv: Conv,
  actor: Actor,
  operationType: number,
  userIDList: string[],
  newGroupProfile?: Record<string, string>,
) {
  const stored = await storeMessage(db, {
    conv,
    sender: actor.userID,
    clientMsgId: `tip-${newId()}`,
    type: TYPES.MSG_GRP_TIP,
    payload: {
      operatorID: actor.userID,
      operationType,
      userIDList,
      ...(newGroupProfile ? { newGroupProfile } : {}),
    },
    nick: actor.nick,
    avatar: actor.avatar,
    nowMs: deps.clock.now(),
    memberCheck: false,
  });
  return stored!.row;
}

/** Writes a notice into a user's system conversation (no send box; the server is the sender). */
export async function systemNotice(
  deps: ImDeps,
  tenantId: string,
  userID: string,
  payload: {
    operationType: number;
    text: string;
    operatorID?: string;
    title?: string;
    groupProfile?: { groupID: string; name: string };
    extension?: string;
  },
  db: Db = deps.db,
  /** A key of the notice's cause: the same key again stores nothing (a repeated delivery of the queue). */
  clientMsgId = `sys-${newId()}`,
): Promise<Push[]> {
  const conv = await systemConv(db, tenantId, userID);
  const stored = await storeMessage(db, {
    conv,
    sender: SYSTEM_SENDER,
    clientMsgId,
    type: TYPES.MSG_GRP_SYS_NOTICE,
    payload: { operatorID: payload.operatorID ?? SYSTEM_SENDER, ...payload },
    nick: '',
    avatar: '',
    nowMs: deps.clock.now(),
    memberCheck: false,
  });
  if (stored!.duplicate) return [];
  return newMessagePushes(db, conv, stored!.row);
}

async function knownUsers(db: Db, tenantId: string, ids: string[]) {
  const ok: string[] = [];
  const failed: string[] = [];
  for (const id of ids) {
    try {
      await ensureUser(db, tenantId, id);
      ok.push(id);
    } catch {
      failed.push(id);
    }
  }
  return { ok, failed };
}

const groupEvent = (
  userIDs: string[],
  groupID: string,
  event: 'joined' | 'left' | 'updated' | 'dismissed',
): Push[] => userIDs.map((userID) => ({ userID, op: 'group' as const, data: { groupID, event } }));

const convRemoved = (userIDs: string[], groupID: string): Push[] =>
  userIDs.map((userID) => ({
    userID,
    op: 'conv' as const,
    data: { conversationID: groupConvId(groupID), removed: true },
  }));

/** Creates a group with the creator as owner; the first message is the "created" tip. */
export async function createGroup(
  deps: ImDeps,
  actor: Actor,
  g: GroupCreate,
): Promise<WithPushes<{ group: GroupProfile }>> {
  const { db, settings } = deps;
  const name = g.name?.trim() ?? '';
  if (!name) throw invalid('im.group.nameRequired');
  checkAvatar(g.avatar);
  const type = g.type ?? TYPES.GRP_WORK;
  if (!GROUP_TYPES.includes(type)) throw invalid('im.badFrame', { op: 'groupCreate', detail: 'type' });
  const wanted = [...new Set((g.memberList ?? []).map((m) => m.userID))].filter((id) => id !== actor.userID);
  assertGroupable([actor.userID, ...wanted]);
  if (wanted.length + 1 > settings.groupMaxMembers)
    throw invalid('im.group.full', { max: settings.groupMaxMembers });
  const { ok, failed } = await knownUsers(db, actor.tenantId, wanted);
  if (failed.length) throw notFoundIm('im.noUser', { userID: failed[0] });
  const groupID = newId();
  const convId = newId();
  const members = [actor.userID, ...ok];
  const { conv, row } = await db.tx(async (t) => {
    const own = chat(actor.tenantId);
    await exec(t, own.insertInto('im_conversation', { id: convId, kind: 'group', groupId: groupID }));
    await exec(
      t,
      own.insertInto('im_group', {
        id: groupID,
        conversationId: convId,
        name: name.slice(0, 64),
        type,
        avatar: (g.avatar ?? '').slice(0, 1000),
        introduction: (g.introduction ?? '').slice(0, 240),
        notification: (g.notification ?? '').slice(0, 300),
        ownerId: actor.userID,
      }),
    );
    await exec(
      t,
      own.insertInto(
        'im_group_member',
        members.map((userId) => ({
          groupId: groupID,
          userId,
          role: userId === actor.userID ? 'Owner' : 'Member',
        })),
      ),
    );
    await exec(
      t,
      own.insertInto(
        'im_member',
        members.map((userId) => ({ conversationId: convId, userId })),
      ),
    );
    const conv: Conv = {
      id: convId,
      tenantId: actor.tenantId,
      kind: 'group',
      userA: null,
      userB: null,
      groupId: groupID,
    };
    const row = await tip(t, deps, conv, actor, TYPES.GRP_TIP_GRP_CREATED, members, {
      name: name.slice(0, 64),
    });
    return { conv, row };
  });
  return {
    result: { group: await groupOf(db, actor, groupID) },
    pushes: [...groupEvent(members, groupID, 'joined'), ...(await newMessagePushes(db, conv, row))],
  };
}

/** Name, avatar, introduction, notice: any member of a work group, the owner or an admin otherwise. */
export async function updateGroup(
  deps: ImDeps,
  actor: Actor,
  q: { groupID: string; name?: string; avatar?: string; introduction?: string; notification?: string },
): Promise<WithPushes<{ group: GroupProfile }>> {
  const { db } = deps;
  const conv = await requireConv(db, actor.tenantId, q.groupID);
  const current = await groupOf(db, actor, q.groupID);
  if (!canEditProfile(current.type, current.selfInfo.role))
    throw new ImError(ERROR_CODE.FORBIDDEN, 'im.group.adminOnly');
  if (q.name !== undefined && !q.name.trim()) throw invalid('im.group.nameRequired');
  checkAvatar(q.avatar);
  const changes: { name?: string; avatar?: string; introduction?: string; notification?: string } = {};
  if (q.name !== undefined) changes.name = q.name.trim().slice(0, 64);
  if (q.avatar !== undefined) changes.avatar = q.avatar.slice(0, 1000);
  if (q.introduction !== undefined) changes.introduction = q.introduction.slice(0, 240);
  if (q.notification !== undefined) changes.notification = q.notification.slice(0, 300);
  if (!Object.keys(changes).length) return { result: { group: current }, pushes: [] };
  const row = await db.tx(async (t) => {
    await exec(t, chat(actor.tenantId).updateTable('im_group').set(changes).where('id', '=', q.groupID));
    return tip(t, deps, conv, actor, TYPES.GRP_TIP_GRP_PROFILE_UPDATED, [], changes);
  });
  return groupUpdated(db, actor, conv, q.groupID, row);
}

/** The answer to a change of the group's profile or owner: the group as it is now, the tip to every member. */
async function groupUpdated(
  db: Db,
  actor: Actor,
  conv: Parameters<typeof memberIds>[1],
  groupID: string,
  row: Parameters<typeof newMessagePushes>[2],
): Promise<WithPushes<{ group: GroupProfile }>> {
  const members = await memberIds(db, conv);
  return {
    result: { group: await groupOf(db, actor, groupID) },
    pushes: [...groupEvent(members, groupID, 'updated'), ...(await newMessagePushes(db, conv, row))],
  };
}

/** Members with their chat profiles: owner first, then administrators, then by join time. */
export async function groupMembers(
  db: Db,
  actor: Actor,
  q: { groupID: string; count?: number; offset?: number },
): Promise<{ memberList: GroupMember[] }> {
  await groupOf(db, actor, q.groupID);
  const own = chat(actor.tenantId);
  const rows = await all(
    db,
    own
      .selectFrom('im_group_member', 'gm')
      .leftJoin(
        own.selectFrom('im_user', 'u').select(['u.userId', 'u.nick', 'u.avatar']).as('u'),
        'u.userId',
        'gm.userId',
      )
      .select(['gm.userId', 'gm.role', 'gm.joinTime', 'u.nick', 'u.avatar'])
      .where('gm.groupId', '=', q.groupID)
      .orderBy(sql`CASE gm.role WHEN 'Owner' THEN 0 WHEN 'Admin' THEN 1 ELSE 2 END`)
      .orderBy('gm.joinTime')
      .orderBy('gm.userId')
      .limit(Math.min(Math.max(q.count ?? 100, 1), 1000))
      .offset(Math.max(q.offset ?? 0, 0)),
  );
  return {
    memberList: rows.map((r) => ({
      userID: r.userId,
      nick: r.nick ?? r.userId,
      avatar: r.avatar ?? '',
      role: r.role as GroupMember['role'],
      joinTime: Math.floor(ms(r.joinTime) / 1000),
    })),
  };
}

/** Invites users; they see the group from the join tip on (not the history before they came). */
export async function addMembers(
  deps: ImDeps,
  actor: Actor,
  q: { groupID: string; userIDList: string[] },
): Promise<
  WithPushes<{
    successUserIDList: string[];
    failureUserIDList: string[];
    existedUserIDList: string[];
    group: GroupProfile;
  }>
> {
  const { db, settings } = deps;
  const conv = await requireConv(db, actor.tenantId, q.groupID);
  const group = await groupOf(db, actor, q.groupID);
  if (!canInvite(group.type, group.selfInfo.role))
    throw new ImError(ERROR_CODE.FORBIDDEN, 'im.group.adminOnly');
  const wanted = [...new Set(q.userIDList)];
  assertGroupable(wanted);
  const { ok, failed } = await knownUsers(db, actor.tenantId, wanted);
  const out = await db.tx(async (t) => {
    const own = chat(actor.tenantId);
    const lastSeq = await lockConv(t, conv);
    const present = new Set(
      (
        await all(
          t,
          own
            .selectFrom('im_group_member')
            .select('userId')
            .where('groupId', '=', q.groupID)
            .where(sql<SqlBool>`user_id = ANY(${ok}::varchar[])`),
        )
      ).map((r) => r.userId),
    );
    const fresh = ok.filter((id) => !present.has(id));
    const count = num(
      (
        await first(
          t,
          own
            .selectFrom('im_group_member')
            .select(sql<string>`count(*)`.as('n'))
            .where('groupId', '=', q.groupID),
        )
      )?.n,
    );
    if (count + fresh.length > settings.groupMaxMembers)
      throw invalid('im.group.full', { max: settings.groupMaxMembers });
    if (!fresh.length) return { fresh, existed: [...present], row: undefined };
    await exec(
      t,
      own.insertInto(
        'im_group_member',
        fresh.map((userId) => ({ groupId: q.groupID, userId, role: 'Member' })),
      ),
    );
    // A user who was in the group before keeps no old read state: history starts at the join.
    await exec(
      t,
      own
        .insertInto(
          'im_member',
          fresh.map((userId) => ({ conversationId: conv.id, userId, readSeq: lastSeq, clearedSeq: lastSeq })),
        )
        .onConflict((oc) =>
          oc
            .columns(['conversationId', 'userId'])
            .doUpdateSet({ readSeq: lastSeq, clearedSeq: lastSeq, deletedAt: null }),
        ),
    );
    const row = await tip(t, deps, conv, actor, TYPES.GRP_TIP_MBR_JOIN, fresh);
    return { fresh, existed: [...present], row };
  });
  const pushes = out.row
    ? [...groupEvent(out.fresh, q.groupID, 'joined'), ...(await newMessagePushes(db, conv, out.row))]
    : [];
  return {
    result: {
      successUserIDList: out.fresh,
      failureUserIDList: failed,
      existedUserIDList: out.existed,
      group: await groupOf(db, actor, q.groupID),
    },
    pushes,
  };
}

/** Takes users out of the group; the tip is stored while they are still members, so they see it. */
async function removeFromGroup(
  t: Db,
  deps: ImDeps,
  conv: Conv,
  actor: Actor,
  groupID: string,
  users: string[],
  operationType: number,
) {
  await lockConv(t, conv);
  const row = await tip(t, deps, conv, actor, operationType, users);
  const recipients = await memberIds(t, conv);
  const own = chat(conv.tenantId);
  const theseUsers = sql<SqlBool>`user_id = ANY(${users}::varchar[])`;
  await exec(t, own.deleteFrom('im_group_member').where('groupId', '=', groupID).where(theseUsers));
  await exec(t, own.deleteFrom('im_member').where('conversationId', '=', conv.id).where(theseUsers));
  return { row, recipients };
}

/** Owner removes anyone else; an administrator removes plain members. Removed users get a system notice. */
export async function removeMembers(
  deps: ImDeps,
  actor: Actor,
  q: { groupID: string; userIDList: string[]; reason?: string },
): Promise<WithPushes<{ group: GroupProfile; userIDList: string[] }>> {
  const { db } = deps;
  const conv = await requireConv(db, actor.tenantId, q.groupID);
  const group = await groupOf(db, actor, q.groupID);
  const users = [...new Set(q.userIDList)];
  if (users.includes(actor.userID)) throw invalid('im.group.cannotRemoveSelf');
  for (const u of users) {
    const role = await roleOf(db, actor.tenantId, q.groupID, u);
    if (!role) throw invalid('im.group.notInGroup', { userID: u });
    if (!canRemove(group.selfInfo.role, role))
      throw new ImError(
        ERROR_CODE.FORBIDDEN,
        group.selfInfo.role === 'Member' ? 'im.group.adminOnly' : 'im.group.ownerOnly',
      );
  }
  if (!users.length) return { result: { group, userIDList: [] }, pushes: [] };
  const { row, recipients, notices } = await db.tx(async (t) => {
    const r = await removeFromGroup(t, deps, conv, actor, q.groupID, users, TYPES.GRP_TIP_MBR_KICKED_OUT);
    const notices: Push[] = [];
    for (const u of users)
      notices.push(
        ...(await systemNotice(
          deps,
          actor.tenantId,
          u,
          {
            operationType: NOTICE.KICKED_OUT,
            operatorID: actor.userID,
            text: `你已被移出群组「${group.name}」`,
            groupProfile: { groupID: q.groupID, name: group.name },
            ...(q.reason ? { extension: q.reason.slice(0, 500) } : {}),
          },
          t,
        )),
      );
    return { ...r, notices };
  });
  const tipPushes = recipients.map((userID) => ({
    userID,
    op: 'msg' as const,
    data: viewOf(conv, row, userID),
  }));
  return {
    result: { group: await groupOf(db, actor, q.groupID), userIDList: users },
    pushes: [
      ...tipPushes,
      ...groupEvent(users, q.groupID, 'left'),
      ...convRemoved(users, q.groupID),
      ...notices,
      ...groupEvent(
        recipients.filter((u) => !users.includes(u)),
        q.groupID,
        'updated',
      ),
    ],
  };
}

/** Leaves a group (not the owner: hand it over or dismiss it first). */
export async function quitGroup(
  deps: ImDeps,
  actor: Actor,
  groupID: string,
): Promise<WithPushes<{ groupID: string }>> {
  const { db } = deps;
  const conv = await requireConv(db, actor.tenantId, groupID);
  const group = await groupOf(db, actor, groupID);
  if (!canQuit(group.selfInfo.role)) throw new ImError(ERROR_CODE.FORBIDDEN, 'im.group.ownerCannotQuit');
  const { row, recipients } = await db.tx((t) =>
    removeFromGroup(t, deps, conv, actor, groupID, [actor.userID], TYPES.GRP_TIP_MBR_QUIT),
  );
  const others = recipients.filter((u) => u !== actor.userID);
  return {
    result: { groupID },
    pushes: [
      ...recipients.map((userID) => ({ userID, op: 'msg' as const, data: viewOf(conv, row, userID) })),
      ...groupEvent([actor.userID], groupID, 'left'),
      ...convRemoved([actor.userID], groupID),
      ...groupEvent(others, groupID, 'updated'),
    ],
  };
}

/** The owner hands the group to another member (who becomes owner; the old owner a plain member). */
export async function changeOwner(
  deps: ImDeps,
  actor: Actor,
  q: { groupID: string; newOwnerID: string },
): Promise<WithPushes<{ group: GroupProfile }>> {
  const { db } = deps;
  const conv = await requireConv(db, actor.tenantId, q.groupID);
  const group = await groupOf(db, actor, q.groupID);
  if (group.selfInfo.role !== 'Owner') throw new ImError(ERROR_CODE.FORBIDDEN, 'im.group.ownerOnly');
  if (q.newOwnerID === actor.userID) return { result: { group }, pushes: [] };
  if (!(await roleOf(db, actor.tenantId, q.groupID, q.newOwnerID)))
    throw invalid('im.group.notInGroup', { userID: q.newOwnerID });
  const row = await db.tx(async (t) => {
    const own = chat(actor.tenantId);
    const setRole = (userId: string, role: Role) =>
      exec(
        t,
        own
          .updateTable('im_group_member')
          .set({ role })
          .where('groupId', '=', q.groupID)
          .where('userId', '=', userId),
      );
    await setRole(actor.userID, 'Member');
    await setRole(q.newOwnerID, 'Owner');
    await exec(t, own.updateTable('im_group').set({ ownerId: q.newOwnerID }).where('id', '=', q.groupID));
    return tip(t, deps, conv, actor, TYPES.GRP_TIP_OWNER_CHANGED, [q.newOwnerID], { ownerID: q.newOwnerID });
  });
  return groupUpdated(db, actor, conv, q.groupID, row);
}

/** The owner dismisses the group: it disappears for everyone, who get a notice in their system conversation. */
export async function dismissGroup(
  deps: ImDeps,
  actor: Actor,
  groupID: string,
): Promise<WithPushes<{ groupID: string }>> {
  const { db } = deps;
  const conv = await requireConv(db, actor.tenantId, groupID);
  const group = await groupOf(db, actor, groupID);
  if (group.selfInfo.role !== 'Owner') throw new ImError(ERROR_CODE.FORBIDDEN, 'im.group.ownerOnly');
  const { members, notices } = await db.tx(async (t) => {
    await lockConv(t, conv);
    const members = await memberIds(t, conv);
    const own = chat(actor.tenantId);
    await exec(
      t,
      own
        .updateTable('im_group')
        .set({ dismissedAt: sql`now()` })
        .where('id', '=', groupID),
    );
    await exec(t, own.deleteFrom('im_group_member').where('groupId', '=', groupID));
    await exec(t, own.deleteFrom('im_member').where('conversationId', '=', conv.id));
    const notices: Push[] = [];
    for (const u of members)
      notices.push(
        ...(await systemNotice(
          deps,
          actor.tenantId,
          u,
          {
            operationType: NOTICE.DISMISSED,
            operatorID: actor.userID,
            text: `群组「${group.name}」已被解散`,
            groupProfile: { groupID, name: group.name },
          },
          t,
        )),
      );
    return { members, notices };
  });
  return {
    result: { groupID },
    pushes: [...groupEvent(members, groupID, 'dismissed'), ...convRemoved(members, groupID), ...notices],
  };
}
