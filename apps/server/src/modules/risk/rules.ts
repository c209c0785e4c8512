import type { Bus } from '../../platform/bus.js';
import { Repo } from '../../platform/crud.js';
import type { Db } from '../../platform/db/index.js';
import { bad } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { Scope } from '../../platform/scope.js';
import { all, exec, first, scoped, sql, type SqlBool } from '../../platform/sql/index.js';
import { wordsChanged } from './words.js';

export const CATEGORIES = ['politics', 'porn', 'abuse', 'fraud', 'ad', 'gambling', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Longest word accepted (the column is varchar(100)). */
export const MAX_WORD_LENGTH = 100;
/** Most words one import may carry: a larger list belongs in several files, not one request. */
export const MAX_IMPORT = 5000;

export const words = new Repo({
  table: 'risk_sensitive_word',
  softDelete: true,
  audit: true,
  fields: [
    'id',
    'tenantId',
    'word',
    'category',
    'status',
    'remark',
    'createUser',
    'createTime',
    'updateTime',
  ],
  filters: {
    word: { column: 'word', type: 'text' },
    category: { column: 'category', type: 'exact' },
    status: { column: 'status', type: 'number' },
  },
  sortable: ['word', 'category', 'createTime', 'updateTime'],
  defaultOrder: 't.create_time DESC, t.id DESC',
  writable: ['word', 'category', 'status', 'remark'],
});

export const diary = new Repo({
  table: 'risk_diary',
  fields: [
    'id',
    'tenantId',
    'source',
    'ref',
    'userId',
    'account',
    'content',
    'masked',
    'hits',
    'hitCount',
    'createTime',
  ],
  filters: {
    source: { column: 'source', type: 'exact' },
    account: { column: 'account', type: 'text' },
    content: { column: 'content', type: 'text' },
    createTime: { column: 'createTime', type: 'date' },
  },
  sortable: ['createTime', 'hitCount'],
  defaultOrder: 't.create_time DESC, t.id DESC',
});

// The import format's separators: line breaks, commas and semicolons, Latin and full-width (，；), and
// the Chinese enumeration comma (、) between words. Escaped: a regular expression is bundled as written,
// and one non-ASCII character makes the whole bundle a two-byte string (tsup.config.ts).
const SEPARATOR = /[\r\n,\uff0c;\uff1b]/;
const SEPARATORS = /[\r\n,\uff0c;\uff1b\u3001\t]+/;

/** A word as stored: trimmed; separators of the import format are refused so a word survives export. */
export function cleanWord(raw: string): string {
  const word = raw.trim();
  if (!word) throw bad('risk.blankWord');
  if (SEPARATOR.test(word)) throw bad('risk.badWord', { word });
  if (word.length > MAX_WORD_LENGTH)
    throw bad('validation.maxLength', { field: 'word', limit: MAX_WORD_LENGTH });
  return word;
}

export function checkCategory(category: string | undefined): Category {
  const c = (category ?? 'other') as Category;
  if (!CATEGORIES.includes(c)) throw bad('risk.badCategory', { category, values: CATEGORIES.join(', ') });
  return c;
}

/** Words are the same when they differ only in Latin case (what the unique index and the matcher do). */
const sameKey = (w: string) => w.toLowerCase();

/** Splits an import text on line breaks, commas, semicolons and the Chinese enumeration comma. */
export function parseWordList(text: string): string[] {
  return text
    .split(SEPARATORS)
    .map((w) => w.trim())
    .filter(Boolean);
}

const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

export interface WordInput {
  id?: string;
  word: string;
  category?: string;
  status?: number;
  remark?: string;
}

/** Adds or changes a word; a word already in the tenant's list (ignoring Latin case) is refused by name. */
export async function submitWord(db: Db, bus: Bus, scope: Scope, input: WordInput): Promise<string> {
  const word = cleanWord(input.word);
  const category = input.id && input.category === undefined ? undefined : checkCategory(input.category);
  let tenantId = scope.tenantId;
  const id = await db
    .tx(async (t) => {
      if (input.id) {
        await words.assertAccessible(t, scope, [input.id]);
        const own = scoped(scope)
          .selectFrom('risk_sensitive_word')
          .select('tenantId')
          .where('id', '=', input.id);
        tenantId = (await first(t, own))!.tenantId;
      }
      // The word's own tenant, also when the platform administrator edits another tenant's list.
      const dup = await first(
        t,
        scoped({ tenantId, isPlatformAdmin: false })
          .selectFrom('risk_sensitive_word')
          .select('id')
          .where(sql`lower(${sql.ref('word')})`, '=', sameKey(word))
          .where('id', '<>', input.id ?? '0'),
      );
      if (dup) throw bad('risk.duplicateWord', { word });
      // A word always belongs to the caller's tenant on insert: Repo lets the platform name one, we do not.
      return words.submit(t, scope, { ...input, tenantId: undefined, word, category });
    })
    .catch((e: unknown) => {
      // Two administrators adding the same word at once: the index decides, the message stays the same.
      if (isUniqueViolation(e)) throw bad('risk.duplicateWord', { word });
      throw e;
    });
  await wordsChanged(db, bus, tenantId);
  return id;
}

export async function removeWords(db: Db, bus: Bus, scope: Scope, ids: string[]): Promise<number> {
  const { n, tenants } = await db.tx(async (t) => {
    await words.assertAccessible(t, scope, ids);
    const tenants = (
      await all(
        t,
        scoped(scope)
          .selectFrom('risk_sensitive_word')
          .select('tenantId')
          .distinct()
          .where(sql<SqlBool>`id = ANY(${ids}::bigint[])`),
      )
    ).map((r) => r.tenantId);
    return { n: await words.remove(t, scope, ids), tenants };
  });
  for (const tenantId of tenants) await wordsChanged(db, bus, tenantId);
  return n;
}

export interface ImportResult {
  /** Words added to the list. */
  added: number;
  /** Words already in the list, or repeated in the import. */
  skipped: number;
  /** Words refused (too long), named so the user can fix them. */
  invalid: string[];
}

/** Adds many words at once; duplicates (in the list or the import itself) are skipped and counted. */
export async function importWords(
  db: Db,
  bus: Bus,
  scope: Scope,
  text: string,
  category?: string,
): Promise<ImportResult> {
  const cat = checkCategory(category);
  const parsed = parseWordList(text);
  if (parsed.length > MAX_IMPORT) throw bad('risk.tooManyWords', { limit: MAX_IMPORT });
  const invalid = parsed.filter((w) => w.length > MAX_WORD_LENGTH);
  const unique = new Map<string, string>();
  for (const w of parsed)
    if (w.length <= MAX_WORD_LENGTH && !unique.has(sameKey(w))) unique.set(sameKey(w), w);
  const list = [...unique.values()];
  const added = list.length
    ? await db.tx(async (t) => {
        // The caller's own tenant, also for the platform administrator (Repo would let it name one).
        const own = scoped({ tenantId: scope.tenantId, isPlatformAdmin: false });
        const rows = await exec(
          t,
          own
            .insertInto(
              'risk_sensitive_word',
              list.map((word) => ({
                id: newId(),
                word,
                category: cat,
                createUser: scope.userId,
                createDept: scope.deptId ?? '0',
                updateUser: scope.userId,
              })),
            )
            .onConflict((oc) =>
              oc
                .expression(sql`tenant_id, lower(word)`)
                // A literal: a named statement cannot match the partial index to `is_deleted = $1`.
                .where('isDeleted', '=', sql.lit(0))
                .doNothing(),
            )
            .returning('id'),
        );
        return rows.length;
      })
    : 0;
  if (added) await wordsChanged(db, bus, scope.tenantId);
  return { added, skipped: parsed.length - invalid.length - added, invalid };
}
