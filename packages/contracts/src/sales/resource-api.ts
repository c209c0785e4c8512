/**
 * Stock vehicles on the wire (`/api/blade-sales/resource/*`): the list row, the submit body, the import's
 * columns and its answer. Purchase cost and floor price are optional in the row because only resource staff
 * and administrators get them: the server leaves them out for everyone else (never hidden only in the UI).
 */
import { Type, type Static } from 'typebox';
import { ENERGY_TYPES } from './enums.js';
import { MONEY_INPUT_PATTERN, MONEY_PATTERN } from './money.js';
import { RESOURCE_STATUSES } from './status.js';
import { STOCK_AGE_BANDS } from './timing.js';

/** A closed set of strings, typed as that set (a mapped array alone would type as never). */
const oneOf = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((v) => Type.Literal(v))));
const Id = () => Type.String({ pattern: '^[1-9]\\d{0,18}$' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);
const DateOnly = () => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Money = () => Type.String({ pattern: MONEY_PATTERN });
const MoneyInput = () => Type.String({ pattern: MONEY_INPUT_PATTERN });

export const STOCK_BANDS = STOCK_AGE_BANDS.map((b) => b.band);
export const MAX_PHOTOS = 8;

export const ResourceRow = Type.Object({
  id: Type.String(),
  vin: Type.String(),
  modelId: Type.String(),
  seriesId: Type.String(),
  brandId: Type.String(),
  modelName: Type.String(),
  energyType: oneOf(ENERGY_TYPES),
  exteriorColor: Type.String(),
  interiorColor: Type.String(),
  productionDate: Type.String(),
  arrivalDate: Nullable(Type.String()),
  /** Days on the lot (in stock or reserved); null in transit and once sold. */
  stockDays: Nullable(Type.Integer()),
  stockBand: Nullable(Type.String()),
  storeId: Nullable(Type.String()),
  storeName: Nullable(Type.String()),
  guidePrice: Money(),
  purchaseCost: Type.Optional(Money()),
  floorPrice: Type.Optional(Money()),
  photos: Type.Array(Type.String()),
  remark: Type.String(),
  status: oneOf(RESOURCE_STATUSES),
  reservedUntil: Nullable(Type.String()),
  reservedOfferId: Nullable(Type.String()),
  createTime: Type.String(),
});
export type ResourceRow = Static<typeof ResourceRow>;

export const ResourceSubmit = Type.Object({
  id: Type.Optional(Id()),
  /** Normalised (spaces dropped, capitals) and checked with the check digit by the server. */
  vin: Type.String({ minLength: 1, maxLength: 40 }),
  modelId: Id(),
  exteriorColor: Type.Optional(Type.String({ maxLength: 40 })),
  interiorColor: Type.Optional(Type.String({ maxLength: 40 })),
  productionDate: DateOnly(),
  arrivalDate: Type.Optional(Nullable(DateOnly())),
  storeId: Type.Optional(Nullable(Id())),
  purchaseCost: MoneyInput(),
  guidePrice: MoneyInput(),
  floorPrice: MoneyInput(),
  photos: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: MAX_PHOTOS })),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
  status: Type.Optional(oneOf(RESOURCE_STATUSES)),
});
export type ResourceSubmit = Static<typeof ResourceSubmit>;

/**
 * The import sheet's columns in order (the template's header row, zh / en). The model is named the way a
 * person reads it off the catalogue: brand, series, model year, trim.
 */
export const RESOURCE_IMPORT_COLUMNS = [
  ['vin', '车架号', 'VIN'],
  ['brand', '品牌', 'Brand'],
  ['series', '车系', 'Series'],
  ['modelYear', '年款', 'Model year'],
  ['trim', '配置', 'Trim'],
  ['exteriorColor', '外观颜色', 'Exterior colour'],
  ['interiorColor', '内饰颜色', 'Interior colour'],
  ['productionDate', '生产日期', 'Production date'],
  ['arrivalDate', '到库日期', 'Arrival date'],
  ['status', '状态', 'Status'],
  ['purchaseCost', '采购成本', 'Purchase cost'],
  ['guidePrice', '指导价', 'Guide price'],
  ['floorPrice', '底价', 'Floor price'],
  ['remark', '备注', 'Remark'],
] as const;
export type ResourceImportColumn = (typeof RESOURCE_IMPORT_COLUMNS)[number][0];
/** At most this many vehicles in one file. */
export const MAX_IMPORT_ROWS = 2000;

export const ResourceImportBody = Type.Object({
  /** The .xlsx file, base64. */
  file: Type.String({ minLength: 1, maxLength: 1_900_000, pattern: '^[A-Za-z0-9+/=\\r\\n]+$' }),
});

export const ResourceImportError = Type.Object({
  /** The sheet's row number (the header is row 1). */
  row: Type.Integer(),
  field: Type.String(),
  reason: Type.String(),
});
export type ResourceImportError = Static<typeof ResourceImportError>;

export const ResourceImportResult = Type.Object({
  imported: Type.Integer(),
  errors: Type.Array(ResourceImportError),
});
export type ResourceImportResult = Static<typeof ResourceImportResult>;
