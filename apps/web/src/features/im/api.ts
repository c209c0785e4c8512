import { http } from '@/shared/http';
import type { ContactGroup, Staff } from './contacts';
import type { PushType } from './rules';

/** Spec §7: the chat sign-in ticket (userSig) of the signed-in user. */
export const getUserSig = (account: string) =>
  http.get<string>(`/api/blade-im/sig/getSign/${encodeURIComponent(account)}`, { silent: true });

/**
 * Registers my chat profile with the server after sign-in. Empty fields change nothing, so the profile keeps
 * following the staff record (name, department) until I edit it in the chat.
 */
export const saveImUser = (profile: { nick?: string; avatar?: string; gender?: string } = {}) =>
  http.post<unknown>('/api/sop-tools/imPc/imUser', profile, { silent: true });

/** Spec §7: after a successful send the other party gets an unread push (text, or a tag for other types). */
export const pushUnread = (body: { fromUser: string; toUser: string; message: string; type: PushType }) =>
  http.post<boolean>('/api/sop-tools/imPc/pushImUnread', body, { silent: true });

export const FRIENDS_URL = '/api/sop-tools/imPc/friendList';

/**
 * Spec §6: the role ids behind each contact group differ per environment, so they are a build setting;
 * by default the role aliases, which the server accepts everywhere.
 */
const env = import.meta.env as Record<string, string | undefined>;
const RESOURCE = env.VITE_IM_ROLES_RESOURCE || 'resource';
const ONLINE = env.VITE_IM_ROLES_ONLINE || 'online_sales';

export const friendQuery = (group: ContactGroup): { isOther?: number; roleIds?: string } =>
  ({
    all: {},
    resource: { roleIds: RESOURCE },
    online: { roleIds: ONLINE },
    other: { isOther: 1, roleIds: `${RESOURCE},${ONLINE}` },
  })[group];

/** Spec §3: staff friends of a role filter, grouped by initial letter. A failure is shown (spec §8). */
export const getFriends = (group: ContactGroup) =>
  http.get<Record<string, Staff[]>>(FRIENDS_URL, { params: friendQuery(group) });
