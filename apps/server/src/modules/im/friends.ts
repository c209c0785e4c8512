/**
 * The staff friend list (contacts): active staff of the caller's tenant, filtered by role, grouped by the
 * initial letter of the real name (pinyin for Chinese names, surname readings included).
 */
import type { pinyin as Pinyin } from 'pinyin-pro';
import { all, scoped, sql, type SqlBool } from '../../platform/sql/index.js';
import type { Db } from '../../platform/db/index.js';
import { importPackage } from '../../platform/packages.js';

export interface Friend {
  id: string;
  empNo: string;
  realName: string;
  avatar: string;
  brandNames: string[];
  account: string;
}

type PinyinFn = typeof Pinyin;
/**
 * pinyin-pro with its dictionaries, loaded with the first contact list rather than at every start, where
 * loading it cost ~12 ms of the main thread (docs/architecture.md "Start").
 */
let loading: Promise<PinyinFn> | undefined;
const loadPinyin = () =>
  (loading ??= importPackage<typeof import('pinyin-pro')>('pinyin-pro').then((m) => m.pinyin));

/** 'A'…'Z' for names starting with a Latin letter or a Chinese character; '#' otherwise. */
function initialOf(pinyin: PinyinFn, name: string): string {
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
const sortKey = (pinyin: PinyinFn, name: string) =>
  pinyin(name.trim(), { toneType: 'none', surname: 'head', type: 'array', nonZh: 'consecutive' })
    .join(' ')
    .toLowerCase();

/** Groups by letter, A–Z first and '#' last; names sorted by pinyin inside a letter. */
async function groupByInitial(friends: Friend[]): Promise<Record<string, Friend[]>> {
  const pinyin = await loadPinyin();
  const keyed = friends.map((f) => ({
    f,
    letter: initialOf(pinyin, f.realName),
    key: sortKey(pinyin, f.realName),
  }));
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
  const own = scoped({ tenantId, isPlatformAdmin: false });
  let users = own
    .selectFrom('blade_user', 'u')
    .select(['u.id', 'u.code', 'u.realName', 'u.name', 'u.avatar', 'u.brandNames', 'u.account'])
    .where('u.status', '=', 1)
    .where('u.account', '<>', 'admin');
  if (tokens.length) {
    const holders = own
      .selectFrom('blade_role', 'r')
      .innerJoin('blade_user_role as ur', 'ur.roleId', 'r.id')
      .select('ur.userId')
      .where(sql<SqlBool>`(r.id = ANY(${ids}::bigint[]) OR r.role_alias = ANY(${aliases}::varchar[]))`);
    users = users.where('u.id', q.isOther ? 'not in' : 'in', holders);
  }
  const rows = await all(db, users);
  return groupByInitial(
    rows.map((r) => ({
      id: String(r.id),
      empNo: r.code ?? '',
      realName: r.realName || r.name || r.account,
      avatar: r.avatar ?? '',
      brandNames: Array.isArray(r.brandNames) ? r.brandNames.map(String) : [],
      account: r.account,
    })),
  );
}
