/**
 * Groups: create, profile, members (invite, remove, quit), owner hand-over and dismissal. Every change is
 * told to the group as a group-tip message stored like any other (same seq, same catch-up); users who
 * lose the group also get a notice in their system conversation.
 */
import { ERROR_CODE, TYPES, type GroupMember, type GroupProfile } from '@forecourt/im-sdk/types';
import type { GroupCreate } from '@forecourt/im-sdk/protocol';
import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
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

const GROUP_SQL = `
SELECT g.id AS group_id, g.name AS g_name, g.type AS g_type, g.avatar AS g_avatar, g.introduction AS g_introduction,
       g.notification AS g_notification, g.owner_id AS g_owner, g.create_time AS g_create_time,
       gm.role AS g_role, gm.join_time AS g_join_time,
       (SELECT count(*) FROM im_group_member x WHERE x.group_id = g.id) AS g_members
  FROM im_group g JOIN im_group_member gm ON gm.group_id = g.id AND gm.user_id = $2
 WHERE g.tenant_id = $1 AND g.dismissed_at IS NULL`;

type GroupRow = Parameters<typeof groupProfileOf>[0];

/** The groups the user belongs to, newest first. */
export async function groupList(db: Db, actor: Actor): Promise<GroupProfile[]> {
  const rows = await db.query<GroupRow>(`${GROUP_SQL} ORDER BY g.create_time DESC, g.id DESC`, [
    actor.tenantId,
    actor.userID,
  ]);
  return rows.map(groupProfileOf);
}

/** A group the user belongs to (NOT_FOUND if there is none, FORBIDDEN if they are not in it). */
export async function groupOf(db: Db, actor: Actor, groupID: string): Promise<GroupProfile> {
  if (!GROUP_ID.test(groupID)) throw notFoundIm('im.noGroup', { groupID });
  const r = await db.one<GroupRow>(`${GROUP_SQL} AND g.id = $3`, [actor.tenantId, actor.userID, groupID]);
  if (r) return groupProfileOf(r);
  const exists = await db.one(
    'SELECT 1 FROM im_group WHERE id = $1 AND tenant_id = $2 AND dismissed_at IS NULL',
    [groupID, actor.tenantId],
  );
  if (!exists) throw notFoundIm('im.noGroup', { groupID });
  throw new ImError(ERROR_CODE.FORBIDDEN, 'im.notMember');
}

async function roleOf(db: Db, groupID: string, user: string): Promise<Role | undefined> {
  const r = await db.one<{ role: Role }>(
    'SELECT role FROM im_group_member WHERE group_id = $1 AND user_id = $2',
    [groupID, user],
  );
  return r?.role;
}

async function requireConv(db: Db, tenantId: string, groupID: string): Promise<Conv> {
  if (!GROUP_ID.test(groupID)) throw notFoundIm('im.noGroup', { groupID });
  const conv = await groupConv(db, tenantId, groupID);
  if (!conv) throw notFoundIm('im.noGroup', { groupID });
  return conv;
}

/** The group's conversation locked against sends, so a joiner's first visible seq is exact. */
async function lockConv(db: Db, conv: Conv): Promise<number> {
  const r = await db.one<{ last_seq: string }>(
    'SELECT last_seq FROM im_conversation WHERE id = $1 FOR UPDATE',
    [conv.id],
  );
  return num(r?.last_seq);
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
): Promise<Push[]> {
  const conv = await systemConv(db, tenantId, userID);
  const stored = await storeMessage(db, {
    conv,
    sender: SYSTEM_SENDER,
    clientMsgId: `sys-${newId()}`,
    type: TYPES.MSG_GRP_SYS_NOTICE,
    payload: { operatorID: payload.operatorID ?? SYSTEM_SENDER, ...payload },
    nick: '',
    avatar: '',
    nowMs: deps.clock.now(),
    memberCheck: false,
  });
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
    await t.query(
      `INSERT INTO im_conversation (id, tenant_id, kind, group_id) VALUES ($1, $2, 'group', $3)`,
      [convId, actor.tenantId, groupID],
    );
    await t.query(
      `INSERT INTO im_group (id, tenant_id, conversation_id, name, type, avatar, introduction, notification, owner_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        groupID,
        actor.tenantId,
        convId,
        name.slice(0, 64),
        type,
        (g.avatar ?? '').slice(0, 1000),
        (g.introduction ?? '').slice(0, 240),
        (g.notification ?? '').slice(0, 300),
        actor.userID,
      ],
    );
    await t.query(
      `INSERT INTO im_group_member (group_id, tenant_id, user_id, role)
       SELECT $1, $2, u, CASE WHEN u = $4 THEN 'Owner' ELSE 'Member' END FROM unnest($3::varchar[]) u`,
      [groupID, actor.tenantId, members, actor.userID],
    );
    await t.query(
      `INSERT INTO im_member (conversation_id, tenant_id, user_id) SELECT $1, $2, u FROM unnest($3::varchar[]) u`,
      [convId, actor.tenantId, members],
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
  const changes: Record<string, string> = {};
  if (q.name !== undefined) changes.name = q.name.trim().slice(0, 64);
  if (q.avatar !== undefined) changes.avatar = q.avatar.slice(0, 1000);
  if (q.introduction !== undefined) changes.introduction = q.introduction.slice(0, 240);
  if (q.notification !== undefined) changes.notification = q.notification.slice(0, 300);
  if (!Object.keys(changes).length) return { result: { group: current }, pushes: [] };
  const row = await db.tx(async (t) => {
    await t.query(
      `UPDATE im_group SET name = COALESCE($2, name), avatar = COALESCE($3, avatar),
              introduction = COALESCE($4, introduction), notification = COALESCE($5, notification) WHERE id = $1`,
      [
        q.groupID,
        changes.name ?? null,
        changes.avatar ?? null,
        changes.introduction ?? null,
        changes.notification ?? null,
      ],
    );
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
  const rows = await db.query<{
    user_id: string;
    role: string;
    join_time: Date;
    nick: string | null;
    avatar: string | null;
  }>(
    `SELECT gm.user_id, gm.role, gm.join_time, u.nick, u.avatar FROM im_group_member gm
       LEFT JOIN im_user u ON u.tenant_id = gm.tenant_id AND u.user_id = gm.user_id
      WHERE gm.group_id = $1
      ORDER BY CASE gm.role WHEN 'Owner' THEN 0 WHEN 'Admin' THEN 1 ELSE 2 END, gm.join_time, gm.user_id
      LIMIT $2 OFFSET $3`,
    [q.groupID, Math.min(Math.max(q.count ?? 100, 1), 1000), Math.max(q.offset ?? 0, 0)],
  );
  return {
    memberList: rows.map((r) => ({
      userID: r.user_id,
      nick: r.nick ?? r.user_id,
      avatar: r.avatar ?? '',
      role: r.role as GroupMember['role'],
      joinTime: Math.floor(ms(r.join_time) / 1000),
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
    const lastSeq = await lockConv(t, conv);
    const present = new Set(
      (
        await t.query<{ user_id: string }>(
          'SELECT user_id FROM im_group_member WHERE group_id = $1 AND user_id = ANY($2::varchar[])',
          [q.groupID, ok],
        )
      ).map((r) => r.user_id),
    );
    const fresh = ok.filter((id) => !present.has(id));
    const count = num(
      (
        await t.one<{ n: string }>('SELECT count(*) AS n FROM im_group_member WHERE group_id = $1', [
          q.groupID,
        ])
      )?.n,
    );
    if (count + fresh.length > settings.groupMaxMembers)
      throw invalid('im.group.full', { max: settings.groupMaxMembers });
    if (!fresh.length) return { fresh, existed: [...present], row: undefined };
    await t.query(
      `INSERT INTO im_group_member (group_id, tenant_id, user_id, role) SELECT $1, $2, u, 'Member' FROM unnest($3::varchar[]) u`,
      [q.groupID, actor.tenantId, fresh],
    );
    // A user who was in the group before keeps no old read state: history starts at the join.
    await t.query(
      `INSERT INTO im_member (conversation_id, tenant_id, user_id, read_seq, cleared_seq)
       SELECT $1, $2, u, $4, $4 FROM unnest($3::varchar[]) u
       ON CONFLICT (conversation_id, user_id) DO UPDATE SET read_seq = $4, cleared_seq = $4, deleted_at = NULL`,
      [conv.id, actor.tenantId, fresh, lastSeq],
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
  await t.query('DELETE FROM im_group_member WHERE group_id = $1 AND user_id = ANY($2::varchar[])', [
    groupID,
    users,
  ]);
  await t.query('DELETE FROM im_member WHERE conversation_id = $1 AND user_id = ANY($2::varchar[])', [
    conv.id,
    users,
  ]);
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
    const role = await roleOf(db, q.groupID, u);
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
  if (!(await roleOf(db, q.groupID, q.newOwnerID)))
    throw invalid('im.group.notInGroup', { userID: q.newOwnerID });
  const row = await db.tx(async (t) => {
    await t.query(`UPDATE im_group_member SET role = 'Member' WHERE group_id = $1 AND user_id = $2`, [
      q.groupID,
      actor.userID,
    ]);
    await t.query(`UPDATE im_group_member SET role = 'Owner' WHERE group_id = $1 AND user_id = $2`, [
      q.groupID,
      q.newOwnerID,
    ]);
    await t.query('UPDATE im_group SET owner_id = $2 WHERE id = $1', [q.groupID, q.newOwnerID]);
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
    await t.query('UPDATE im_group SET dismissed_at = now() WHERE id = $1', [groupID]);
    await t.query('DELETE FROM im_group_member WHERE group_id = $1', [groupID]);
    await t.query('DELETE FROM im_member WHERE conversation_id = $1', [conv.id]);
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
