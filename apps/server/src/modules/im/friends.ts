/**
 * The staff friend list (contacts): active staff of the caller's tenant, filtered by role, grouped by the
 * initial letter of the real name (pinyin for Chinese names, surname readings included).
 */
import { pinyin } from 'pinyin-pro';
import type { Db } from '../../platform/db/index.js';

export interface Friend {
  id: string;
  empNo: string;
  realName: string;
  avatar: string;
  brandNames: string[];
  account: string;
}

/** 'A'…'Z' for names starting with a Latin letter or a Chinese character; '#' otherwise. */
export function initialOf(name: string): string {
  const first = name.trim().charAt(0);
  if (!first) return '#';
  if (/[A-Za-z]/.test(first)) return first.toUpperCase();
  if (/\p{Script=Han}/u.test(first)) {
    const letter = pinyin(name.trim(), {
      pattern: 'first',
      toneType: 'none',
      surname: 'head',
      type: 'array',
    })[0];
    if (letter && /^[a-z]$/i.test(letter)) return letter.toUpperCase();
  }
  return '#';
}

/** The sort key inside a letter: the whole name in pinyin. */
const sortKey = (name: string) =>
  pinyin(name.trim(), { toneType: 'none', surname: 'head', type: 'array', nonZh: 'consecutive' })
    .join(' ')
    .toLowerCase();

/** Groups by letter, A–Z first and '#' last; names sorted by pinyin inside a letter. */
export function groupByInitial(friends: Friend[]): Record<string, Friend[]> {
  const keyed = friends.map((f) => ({ f, letter: initialOf(f.realName), key: sortKey(f.realName) }));
  keyed.sort((a, b) => a.key.localeCompare(b.key) || a.f.account.localeCompare(b.f.account));
  const groups = new Map<string, Friend[]>();
  for (const k of keyed) {
    let g = groups.get(k.letter);
    if (!g) groups.set(k.letter, (g = []));
    g.push(k.f);
  }
  const letters = [...groups.keys()].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)));
  return Object.fromEntries(letters.map((l) => [l, groups.get(l)!]));
}

/**
 * Role filter: `roleIds` lists role ids or role aliases (aliases are the same in every environment, ids
 * are not — so callers may pass `resource,online_sales`); `isOther` inverts it (staff in none of them).
 * The platform account 'admin' is never a contact (spec: removed from group A).
 */
export async function friendList(
  db: Db,
  tenantId: string,
  q: { roleIds?: string; isOther?: boolean },
): Promise<Record<string, Friend[]>> {
  const tokens = (q.roleIds ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const ids = tokens.filter((s) => /^\d{1,20}$/.test(s));
  const aliases = tokens.filter((s) => !/^\d{1,20}$/.test(s));
  const params: unknown[] = [tenantId];
  let filter = '';
  if (tokens.length) {
    params.push(ids, aliases);
    filter = `AND ${q.isOther ? 'NOT ' : ''}EXISTS (
      SELECT 1 FROM blade_user_role ur JOIN blade_role r ON r.id = ur.role_id AND r.is_deleted = 0 AND r.tenant_id = u.tenant_id
       WHERE ur.user_id = u.id AND (r.id = ANY($2::bigint[]) OR r.role_alias = ANY($3::varchar[])))`;
  }
  const rows = await db.query<{
    id: string;
    code: string | null;
    real_name: string | null;
    name: string | null;
    avatar: string | null;
    brand_names: unknown;
    account: string;
  }>(
    `SELECT u.id, u.code, u.real_name, u.name, u.avatar, u.brand_names, u.account FROM blade_user u
      WHERE u.tenant_id = $1 AND u.is_deleted = 0 AND u.status = 1 AND u.account <> 'admin' ${filter}`,
    params,
  );
  return groupByInitial(
    rows.map((r) => ({
      id: String(r.id),
      empNo: r.code ?? '',
      realName: r.real_name || r.name || r.account,
      avatar: r.avatar ?? '',
      brandNames: Array.isArray(r.brand_names) ? r.brand_names.map(String) : [],
      account: r.account,
    })),
  );
}
