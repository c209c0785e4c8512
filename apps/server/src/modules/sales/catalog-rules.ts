/**
 * The vehicle catalogue: brand → series → model. Everyone of the tenant reads it (every model picker);
 * administrators and resource staff change it. A level still used below (a brand with series, a series with
 * models, a model with stock vehicles or inquiries) is not removed.
 */
import { fmt } from '@forecourt/contracts/sales';
import { CATALOG_REQUIRED } from '@forecourt/contracts/sales';
import type {
  BrandRow,
  CatalogLevel,
  CatalogNode,
  CatalogSubmit,
  ModelRow,
  SeriesRow,
} from '@forecourt/contracts/sales';
import type { Db } from '../../platform/db/index.js';
import { bad, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type FilterDef } from '../../platform/paging.js';
import type { Page } from '../../platform/envelope.js';
import { listPage, type ListSpec } from '../../platform/list.js';
import type { Scope } from '../../platform/scope.js';
import { camelKeys, all, allTenants, anyId, exec, first, scoped, sql } from '../../platform/sql/index.js';
import './catalog-messages.js';

/** Who may change the catalogue besides the holders of the button codes: nobody; reads are for everyone. */
export const CATALOG_TABLE: Record<CatalogLevel, 'sales_brand' | 'sales_series' | 'sales_model'> = {
  brand: 'sales_brand',
  series: 'sales_series',
  model: 'sales_model',
};

/** The text a model is shown by in lists, pickers and exports: 丰田 凯美瑞 2024款 2.0S 锋尚版. */
export const modelLabel = (m: { brandName: string; seriesName: string; modelYear: number; trim: string }) =>
  `${m.brandName} ${m.seriesName} ${m.modelYear}款 ${m.trim}`;

const count = sql<string>`count(*)`;

type Q = Record<string, unknown>;

const FILTERS: Record<CatalogLevel, Record<string, FilterDef>> = {
  brand: {
    name: { column: 'b.name', type: 'text', kind: 'text' },
    code: { column: 'b.code', type: 'text', kind: 'text' },
  },
  series: {
    name: { column: 's.name', type: 'text', kind: 'text' },
    brandId: { column: 's.brandId', type: 'exact' },
  },
  model: {
    brandId: { column: 's.brandId', type: 'exact' },
    seriesId: { column: 'm.seriesId', type: 'exact' },
    trim: { column: 'm.trim', type: 'text', kind: 'text' },
    energyType: { column: 'm.energyType', type: 'exact' },
    modelYear: { column: 'm.modelYear', type: 'number', kind: 'integer' },
  },
};
const SORT: Record<CatalogLevel, Record<string, string>> = {
  brand: { sort: 'b.sort', name: 'b.name', code: 'b.code' },
  series: { sort: 's.sort', name: 's.name' },
  model: { sort: 'm.sort', modelYear: 'm.model_year', guidePrice: 'm.guide_price', trim: 'm.trim' },
};
const DEFAULT_ORDER: Record<CatalogLevel, string> = {
  brand: 'b.sort, b.id',
  series: 's.sort, s.id',
  model: 'b.sort, s.sort, m.sort, m.id',
};
const ID: Record<CatalogLevel, string> = { brand: 'b.id', series: 's.id', model: 'm.id' };
const TABLES = { b: 'sales_brand', s: 'sales_series', m: 'sales_model' };
const CATALOG_LIST = Object.fromEntries(
  (['brand', 'series', 'model'] as const).map((l) => [
    l,
    {
      filters: FILTERS[l],
      ref: (f: string) => f,
      sortable: SORT[l],
      defaultOrder: DEFAULT_ORDER[l],
      id: ID[l],
      tables: TABLES,
    } satisfies ListSpec,
  ]),
) as unknown as Record<CatalogLevel, ListSpec>;

function brandQuery(scope: Scope) {
  return scoped(scope)
    .selectFrom('sales_brand', 'b')
    .select(['b.id', 'b.code', 'b.name', 'b.nameEn', 'b.sort'])
    .select((eb) =>
      eb
        .selectFrom('sales_series as c')
        .select(count.as('n'))
        .whereRef('c.brandId', '=', 'b.id')
        .where('c.isDeleted', '=', 0)
        .as('seriesCount'),
    );
}
function seriesQuery(scope: Scope) {
  return scoped(scope)
    .selectFrom('sales_series', 's')
    .innerJoin('sales_brand as b', 'b.id', 's.brandId')
    .select(['s.id', 's.brandId', 'b.name as brandName', 's.name', 's.sort'])
    .select((eb) =>
      eb
        .selectFrom('sales_model as c')
        .select(count.as('n'))
        .whereRef('c.seriesId', '=', 's.id')
        .where('c.isDeleted', '=', 0)
        .as('modelCount'),
    );
}
function modelQuery(scope: Scope) {
  return scoped(scope)
    .selectFrom('sales_model', 'm')
    .innerJoin('sales_series as s', 's.id', 'm.seriesId')
    .innerJoin('sales_brand as b', 'b.id', 's.brandId')
    .select([
      'm.id',
      's.brandId',
      'b.name as brandName',
      'm.seriesId',
      's.name as seriesName',
      'm.modelYear',
      'm.trim',
      'm.energyType',
      'm.guidePrice',
      'm.sort',
    ]);
}

type Raw = Record<string, unknown>;
const brandOut = (r: Raw): BrandRow => ({
  id: String(r.id),
  code: String(r.code),
  name: String(r.name),
  nameEn: String(r.nameEn),
  sort: Number(r.sort),
  seriesCount: Number(r.seriesCount ?? 0),
});
const seriesOut = (r: Raw): SeriesRow => ({
  id: String(r.id),
  brandId: String(r.brandId),
  brandName: String(r.brandName),
  name: String(r.name),
  sort: Number(r.sort),
  modelCount: Number(r.modelCount ?? 0),
});
export const modelOut = (r: Raw): ModelRow => {
  const m = {
    id: String(r.id),
    brandId: String(r.brandId),
    brandName: String(r.brandName),
    seriesId: String(r.seriesId),
    seriesName: String(r.seriesName),
    modelYear: Number(r.modelYear),
    trim: String(r.trim),
    energyType: r.energyType as ModelRow['energyType'],
    guidePrice: String(r.guidePrice),
    sort: Number(r.sort),
  };
  return { ...m, label: modelLabel(m) };
};

// The three level queries differ in their row types; the list code treats them alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const levelQuery = (level: CatalogLevel, scope: Scope): any =>
  level === 'brand' ? brandQuery(scope) : level === 'series' ? seriesQuery(scope) : modelQuery(scope);
const levelOut = { brand: brandOut, series: seriesOut, model: modelOut };

/** A page of one level, filtered and sorted like every BladeX list. */
export async function catalogPage(
  db: Db,
  scope: Scope,
  level: CatalogLevel,
  query: Q,
): Promise<Page<BrandRow | SeriesRow | ModelRow>> {
  const p = await listPage(db, levelQuery(level, scope), CATALOG_LIST[level], query, (s) => s);
  const out = levelOut[level] as (r: Raw) => BrandRow | SeriesRow | ModelRow;
  return { ...p, records: p.records.map((r) => out(camelKeys<Raw>(r))) };
}

/** Throws 403 for another tenant's row and 404 for a missing one. */
async function assertOwnTenant(db: Db, scope: Scope, level: CatalogLevel, ids: string[]) {
  // Every tenant on purpose: another tenant's row must be told apart from a missing one.
  const rows = await all(
    db,
    scoped(allTenants)
      .selectFrom(CATALOG_TABLE[level], 't')
      .select(['t.id', 't.tenantId'])
      .where('t.id', '=', anyId(ids)),
  );
  if (!scope.isPlatformAdmin && rows.some((r) => r.tenantId !== scope.tenantId))
    throw forbidden('common.otherTenant');
  if (rows.length !== new Set(ids).size) throw notFound();
}

export async function catalogDetail(db: Db, scope: Scope, level: CatalogLevel, id: string) {
  await assertOwnTenant(db, scope, level, [id]);
  const prefix = level === 'brand' ? 'b' : level === 'series' ? 's' : 'm';
  const row = await first<Raw>(db, levelQuery(level, scope).where(`${prefix}.id`, '=', id));
  if (!row) throw notFound();
  return levelOut[level](row);
}

/** One model with its names (offers and stock read the guide price and energy type from here). */
export async function findModel(db: Db, scope: Scope, id: string): Promise<ModelRow | undefined> {
  const row = await first<Raw>(db, modelQuery(scope).where('m.id', '=', id));
  return row ? modelOut(row) : undefined;
}

export interface BrandInput {
  id?: string;
  code: string;
  name: string;
  nameEn: string;
  sort?: number;
}
export interface SeriesInput {
  id?: string;
  brandId: string;
  name: string;
  sort?: number;
}
export interface ModelInput {
  id?: string;
  seriesId: string;
  modelYear: number;
  trim: string;
  energyType: string;
  guidePrice: string;
  sort?: number;
}
export type CatalogInput =
  ({ level: 'brand' } & BrandInput) | ({ level: 'series' } & SeriesInput) | ({ level: 'model' } & ModelInput);

const audit = (scope: Scope) => ({ updateUser: scope.userId, updateTime: sql<Date>`now()` });

/** A duplicate among live rows of the tenant (the unique indexes say the same; this names the field). */
async function refuseDuplicate(db: Db, scope: Scope, input: CatalogInput) {
  const own = { tenantId: scope.tenantId, isPlatformAdmin: false };
  const other = input.id ?? '0';
  let dup: unknown;
  if (input.level === 'brand') {
    dup = await first(
      db,
      scoped(own)
        .selectFrom('sales_brand')
        .select('id')
        .where('code', '=', input.code)
        .where('id', '<>', other),
    );
    if (dup) throw bad('sales.catalogDuplicate', { field: 'code', value: input.code });
  } else if (input.level === 'series') {
    dup = await first(
      db,
      scoped(own)
        .selectFrom('sales_series')
        .select('id')
        .where('brandId', '=', input.brandId)
        .where('name', '=', input.name)
        .where('id', '<>', other),
    );
    if (dup) throw bad('sales.catalogDuplicate', { field: 'name', value: input.name });
  } else {
    dup = await first(
      db,
      scoped(own)
        .selectFrom('sales_model')
        .select('id')
        .where('seriesId', '=', input.seriesId)
        .where('modelYear', '=', input.modelYear)
        .where('trim', '=', input.trim)
        .where('id', '<>', other),
    );
    if (dup)
      throw bad('sales.catalogDuplicate', { field: 'trim', value: `${input.modelYear} ${input.trim}` });
  }
}

/** The submit body as the level's input; a field the level needs and the body lacks is a 400 naming it. */
export function catalogInput(body: CatalogSubmit): CatalogInput {
  for (const f of CATALOG_REQUIRED[body.level])
    if (body[f] === undefined || body[f] === '') throw bad('validation.required', { field: f });
  if (body.level === 'brand' && body.name!.length > 40)
    throw bad('validation.maxLength', { field: 'name', limit: 40 });
  return body as CatalogInput;
}

/** Adds (no id) or changes a brand, series or model; answers its id. */
export async function submitCatalog(db: Db, scope: Scope, input: CatalogInput): Promise<string> {
  return db.tx(async (t) => {
    if (input.id) await assertOwnTenant(t, scope, input.level, [input.id]);
    // The parent must be a live row of the caller's tenant.
    if (input.level === 'series') await assertParent(t, scope, 'brand', input.brandId, 'brandId');
    if (input.level === 'model') await assertParent(t, scope, 'series', input.seriesId, 'seriesId');
    await refuseDuplicate(t, scope, input);
    const id = input.id ?? newId();
    const sort = input.sort ?? 0;
    const s = scoped(scope);
    if (input.level === 'brand') {
      const v = { code: input.code, name: input.name, nameEn: input.nameEn, sort };
      if (input.id)
        await exec(
          t,
          s
            .updateTable('sales_brand')
            .set({ ...v, ...audit(scope) })
            .where('id', '=', id),
        );
      else
        await exec(
          t,
          s.insertInto('sales_brand', {
            id,
            ...v,
            createUser: scope.userId,
            createDept: scope.deptId,
            updateUser: scope.userId,
          }),
        );
    } else if (input.level === 'series') {
      const v = { brandId: input.brandId, name: input.name, sort };
      if (input.id)
        await exec(
          t,
          s
            .updateTable('sales_series')
            .set({ ...v, ...audit(scope) })
            .where('id', '=', id),
        );
      else
        await exec(
          t,
          s.insertInto('sales_series', {
            id,
            ...v,
            createUser: scope.userId,
            createDept: scope.deptId,
            updateUser: scope.userId,
          }),
        );
    } else {
      const v = {
        seriesId: input.seriesId,
        modelYear: input.modelYear,
        trim: input.trim,
        energyType: input.energyType,
        guidePrice: fmt(input.guidePrice),
        sort,
      };
      if (input.id)
        await exec(
          t,
          s
            .updateTable('sales_model')
            .set({ ...v, ...audit(scope) })
            .where('id', '=', id),
        );
      else
        await exec(
          t,
          s.insertInto('sales_model', {
            id,
            ...v,
            createUser: scope.userId,
            createDept: scope.deptId,
            updateUser: scope.userId,
          }),
        );
    }
    return id;
  });
}

async function assertParent(db: Db, scope: Scope, level: CatalogLevel, id: string, field: string) {
  const row = await first(
    db,
    scoped(scope).selectFrom(CATALOG_TABLE[level], 't').select('t.id').where('t.id', '=', id),
  );
  if (!row) throw bad('sales.catalogParentMissing', { field });
}

/** Removes rows of one level; a row something still refers to is refused, naming what. */
export async function removeCatalog(
  db: Db,
  scope: Scope,
  level: CatalogLevel,
  ids: string[],
): Promise<number> {
  if (!ids.length) throw bad('validation.required', { field: 'ids' });
  return db.tx(async (t) => {
    await assertOwnTenant(t, scope, level, ids);
    const s = scoped(scope);
    const used =
      level === 'brand'
        ? await first(t, s.selectFrom('sales_series').select('id').where('brandId', '=', anyId(ids)))
        : level === 'series'
          ? await first(t, s.selectFrom('sales_model').select('id').where('seriesId', '=', anyId(ids)))
          : ((await first(
              t,
              s.selectFrom('sales_resource').select('id').where('modelId', '=', anyId(ids)),
            )) ??
            (await first(t, s.selectFrom('sales_inquiry').select('id').where('modelId', '=', anyId(ids)))) ??
            (await first(t, s.selectFrom('sales_offer').select('id').where('modelId', '=', anyId(ids)))));
    if (used) throw bad(`sales.catalogInUse.${level}`);
    const done = await exec(
      t,
      s
        .updateTable(CATALOG_TABLE[level])
        .set({ isDeleted: 1, ...audit(scope) })
        .where('id', '=', anyId(ids))
        .returning('id'),
    );
    return done.length;
  });
}

/** The picker's tree of the caller's tenant: brand → series → model, in catalogue order. */
export async function catalogTree(db: Db, scope: Scope): Promise<CatalogNode[]> {
  const rows = (
    await all<Raw>(
      db,
      modelQuery(scope).select(['b.nameEn as brandNameEn']).orderBy(sql.raw(DEFAULT_ORDER.model)),
    )
  ).map((r) => ({ ...modelOut(r), brandNameEn: String(r.brandNameEn) }));
  const brands = new Map<string, CatalogNode & { children: NonNullable<CatalogNode['children']> }>();
  for (const m of rows) {
    let b = brands.get(m.brandId);
    if (!b)
      brands.set(
        m.brandId,
        (b = { value: m.brandId, label: m.brandName, labelEn: m.brandNameEn, children: [] }),
      );
    let s = b.children.find((x) => x.value === m.seriesId);
    if (!s) b.children.push((s = { value: m.seriesId, label: m.seriesName, children: [] }));
    s.children.push({
      value: m.id,
      label: `${m.modelYear}款 ${m.trim}`,
      energyType: m.energyType,
      guidePrice: m.guidePrice,
    });
  }
  return [...brands.values()];
}
