/**
 * The vehicle catalogue's wire shapes (`/api/blade-sales/catalog/*`): brand → series → model, one list and
 * one submit per level (`level`), and the cascader tree every model picker reads.
 */
import { Type, type Static } from 'typebox';
import { ENERGY_TYPES } from './enums.js';
import { MONEY_INPUT_PATTERN, MONEY_PATTERN } from './money.js';

/** A closed set of strings, typed as that set (a mapped array alone would type as never). */
const oneOf = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((v) => Type.Literal(v))));
const Id = () => Type.String({ pattern: '^[1-9]\\d{0,18}$' });

export const CATALOG_LEVELS = ['brand', 'series', 'model'] as const;
export type CatalogLevel = (typeof CATALOG_LEVELS)[number];
export const CatalogLevelSchema = oneOf(CATALOG_LEVELS);

export const BrandRow = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  sort: Type.Integer(),
  seriesCount: Type.Integer(),
});
export type BrandRow = Static<typeof BrandRow>;

export const SeriesRow = Type.Object({
  id: Type.String(),
  brandId: Type.String(),
  brandName: Type.String(),
  name: Type.String(),
  sort: Type.Integer(),
  modelCount: Type.Integer(),
});
export type SeriesRow = Static<typeof SeriesRow>;

export const ModelRow = Type.Object({
  id: Type.String(),
  brandId: Type.String(),
  brandName: Type.String(),
  seriesId: Type.String(),
  seriesName: Type.String(),
  modelYear: Type.Integer(),
  trim: Type.String(),
  energyType: oneOf(ENERGY_TYPES),
  guidePrice: Type.String({ pattern: MONEY_PATTERN }),
  sort: Type.Integer(),
  /** "丰田 凯美瑞 2025款 2.0E 精英版": what lists and pickers show. */
  label: Type.String(),
});
export type ModelRow = Static<typeof ModelRow>;

/** A row of any level, as `catalog/list` and `catalog/detail` answer (the level's own fields). */
export const CatalogRow = Type.Union([BrandRow, SeriesRow, ModelRow]);
export type CatalogRow = BrandRow | SeriesRow | ModelRow;

const name = (max: number) => Type.String({ minLength: 1, maxLength: max });

/**
 * One body for the three levels: `level` says which, and the fields that level needs are required by the
 * server (a missing one is a 400 naming it). One object rather than a union, so a malformed value is named
 * by its own field, not by the first branch of a union.
 */
export const CatalogSubmit = Type.Object({
  level: CatalogLevelSchema,
  id: Type.Optional(Id()),
  /** brand */
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z][\\w-]*$' })),
  /** brand (40), series (60) */
  name: Type.Optional(name(60)),
  nameEn: Type.Optional(name(60)),
  /** series */
  brandId: Type.Optional(Id()),
  /** model */
  seriesId: Type.Optional(Id()),
  modelYear: Type.Optional(Type.Integer({ minimum: 1990, maximum: 2100 })),
  trim: Type.Optional(name(80)),
  energyType: Type.Optional(oneOf(ENERGY_TYPES)),
  guidePrice: Type.Optional(Type.String({ pattern: MONEY_INPUT_PATTERN })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
});
export type CatalogSubmit = Static<typeof CatalogSubmit>;

/** The fields each level needs. */
export const CATALOG_REQUIRED: Record<CatalogLevel, ReadonlyArray<keyof CatalogSubmit>> = {
  brand: ['code', 'name', 'nameEn'],
  series: ['brandId', 'name'],
  model: ['seriesId', 'modelYear', 'trim', 'energyType', 'guidePrice'],
};

/** The picker's tree: brand → series → model (leaves carry the model's energy type and guide price). */
export const CatalogNode = Type.Object({
  value: Type.String(),
  label: Type.String(),
  labelEn: Type.Optional(Type.String()),
  children: Type.Optional(
    Type.Array(
      Type.Object({
        value: Type.String(),
        label: Type.String(),
        children: Type.Array(
          Type.Object({
            value: Type.String(),
            label: Type.String(),
            energyType: oneOf(ENERGY_TYPES),
            guidePrice: Type.String({ pattern: MONEY_PATTERN }),
          }),
        ),
      }),
    ),
  ),
});
export type CatalogNode = Static<typeof CatalogNode>;
