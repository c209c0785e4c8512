import type { Db } from '../../platform/db/index.js';
import { bad, forbidden } from '../../platform/errors.js';
import { PLATFORM_TENANT, type Scope } from '../../platform/scope.js';
import type { Repo, RepoQuery } from '../../platform/crud.js';
import { first, sql } from '../../platform/sql/index.js';

export interface DictInput {
  id?: string;
  parentId?: string;
  code?: string;
  dictKey?: string;
  dictValue: string;
  dictValueEn?: string;
  sort?: number;
  remark?: string;
  isSealed?: number;
}

/**
 * Saves a dictionary row. A root names the dictionary (its code is unique); a child takes its parent's
 * code and its key must be unique within that dictionary. One transaction: the check and the write.
 */
export async function submitDict(db: Db, repo: Repo, scope: Scope, input: DictInput): Promise<string> {
  if (!repo.tenant && scope.tenantId !== PLATFORM_TENANT) throw forbidden('dict.platformOnly');
  return db.tx(async (t) => {
    const parentId = input.parentId && input.parentId !== '0' ? input.parentId : '0';
    let code = input.code?.trim() ?? '';
    let dictKey = input.dictKey?.trim() ?? '';
    // Rows of the same dictionary: same code, live, not the row itself, and of the caller's tenant when scoped.
    // Even the platform administrator's business dictionaries are unique within the tenant it writes to.
    const same = (where: (q: RepoQuery) => RepoQuery) =>
      first(
        t,
        where(repo.query({ tenantId: scope.tenantId, isPlatformAdmin: false }))
          .select(sql`1`.as('one'))
          .where('t.id', '<>', input.id ?? '0'),
      );
    if (parentId === '0') {
      if (!code) throw bad('validation.required', { field: 'code' });
      dictKey = '-1';
      if (await same((q) => q.where('t.code', '=', code).where('t.parentId', '=', '0')))
        throw bad('dict.duplicateCode', { code });
    } else {
      await repo.assertAccessible(t, scope, [parentId]);
      const parent = await first<{ code: string }>(
        t,
        repo.query(scope).select('t.code').where('t.id', '=', parentId),
      );
      if (!parent) throw bad('dict.parentMissing');
      code = parent.code;
      if (!dictKey) throw bad('validation.required', { field: 'dictKey' });
      if (
        await same((q) =>
          q.where('t.code', '=', code).where('t.dictKey', '=', dictKey).where('t.parentId', '<>', '0'),
        )
      )
        throw bad('dict.duplicateKey', { code, key: dictKey });
    }
    return repo.submit(t, scope, { ...input, parentId, code, dictKey, dictValue: input.dictValue.trim() });
  });
}

/** Removal of system dictionaries is the platform's; business ones are the tenant's (Repo scopes them). */
export async function removeDicts(db: Db, repo: Repo, scope: Scope, ids: string[]): Promise<number> {
  if (!repo.tenant && scope.tenantId !== PLATFORM_TENANT) throw forbidden('dict.platformOnly');
  return db.tx((t) => repo.remove(t, scope, ids));
}

/** Dictionary rows as a tree for selects: { id, parentId, title, key, value, hasChildren, children? }. */
export function toTree(
  rows: Array<{
    id: string;
    parentId: string;
    dictValue: string;
    sort: number;
    code: string;
    dictKey: string;
  }>,
) {
  type N = {
    id: string;
    parentId: string;
    title: string;
    key: string;
    value: string;
    code: string;
    dictKey: string;
    hasChildren: boolean;
    children?: N[];
  };
  const nodes = new Map<string, N>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        parentId: r.parentId,
        title: r.dictValue,
        key: r.id,
        value: r.id,
        code: r.code,
        dictKey: r.dictKey,
        hasChildren: false,
      },
    ]),
  );
  const roots: N[] = [];
  for (const n of nodes.values()) {
    const p = nodes.get(n.parentId);
    if (p) {
      (p.children ??= []).push(n);
      p.hasChildren = true;
    } else roots.push(n);
  }
  return roots;
}
