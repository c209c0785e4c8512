import type { BrandRow, ModelRow, SeriesRow } from '@forecourt/contracts/sales';
import { MONEY_INPUT_PATTERN } from '@forecourt/contracts/sales';
import { http } from '@/shared/http';
import type { CrudApi, CrudDef, Page, TreeChoice } from '@/shared/crud';
import { CATALOG, CATALOG_KEYS } from './api';
import './messages';

type Level = 'brand' | 'series' | 'model';

/** The BladeX calls of one catalogue level (`level` on every call). */
function levelCalls<R extends object>(level: Level): CrudApi<R> {
  return {
    list: (params) => http.get<Page<R>>(`${CATALOG}/list`, { params: { ...params, level } }),
    detail: (row) => http.get<R>(`${CATALOG}/detail`, { params: { id: (row as { id: string }).id, level } }),
    submit: (body) => http.post(`${CATALOG}/submit`, { ...body, level }),
    remove: (ids) => http.post(`${CATALOG}/remove`, undefined, { params: { ids: ids.join(','), level } }),
  };
}

const sort = {
  prop: 'sort' as const,
  label: 'sales.catalog.sort',
  sortable: true,
  form: { type: 'number' as const, min: 0, max: 9999, initial: 0 },
};

const brandChoices = async (): Promise<TreeChoice[]> =>
  (await http.get<Page<BrandRow>>(`${CATALOG}/list`, { params: { level: 'brand', size: 1000 } })).records.map(
    (b) => ({ value: b.id, title: b.name }),
  );
const seriesChoices = async (): Promise<TreeChoice[]> => {
  const [brands, series] = await Promise.all([
    brandChoices(),
    http.get<Page<SeriesRow>>(`${CATALOG}/list`, { params: { level: 'series', size: 1000 } }),
  ]);
  // Series grouped under their brand; only the series can be chosen.
  return brands.map((b) => ({
    ...b,
    disabled: true,
    children: series.records
      .filter((s) => s.brandId === b.value)
      .map((s) => ({ value: s.id, title: s.name })),
  }));
};

export const brandDef: CrudDef<BrandRow> = {
  name: 'sales-brand',
  title: 'sales.catalog.brands',
  perm: 'catalog',
  rowName: (r) => r.name,
  api: levelCalls<BrandRow>('brand'),
  invalidates: CATALOG_KEYS,
  sort: { field: 'sort', order: 'ascend' },
  columns: [
    {
      prop: 'code',
      label: 'sales.catalog.code',
      search: true,
      sortable: true,
      form: {
        required: true,
        max: 40,
        pattern: { regex: /^[A-Za-z][\w-]*$/, message: 'sales.catalog.codeRule' },
      },
    },
    {
      prop: 'name',
      label: 'sales.catalog.name',
      search: true,
      sortable: true,
      form: { required: true, max: 40 },
    },
    { prop: 'nameEn', label: 'sales.catalog.nameEn', form: { required: true, max: 60 } },
    { prop: 'seriesCount', label: 'sales.catalog.seriesCount', width: 100 },
    sort,
  ],
};

export const seriesDef: CrudDef<SeriesRow> = {
  name: 'sales-series',
  title: 'sales.catalog.series',
  perm: 'catalog',
  rowName: (r) => `${r.brandName} ${r.name}`,
  api: levelCalls<SeriesRow>('series'),
  invalidates: CATALOG_KEYS,
  columns: [
    {
      prop: 'brandId',
      label: 'sales.catalog.brand',
      search: true,
      tree: { key: 'sales-catalog-brands', load: brandChoices },
      text: (r) => r.brandName,
      form: { required: true },
    },
    {
      prop: 'name',
      label: 'sales.catalog.seriesName',
      search: true,
      sortable: true,
      form: { required: true, max: 60 },
    },
    { prop: 'modelCount', label: 'sales.catalog.modelCount', width: 100 },
    sort,
  ],
};

const ENERGY = ['petrol', 'hybrid', 'phev', 'ev'].map((v) => ({ value: v, label: `sales.catalog.${v}` }));

export const modelDef: CrudDef<ModelRow> = {
  name: 'sales-model',
  title: 'sales.catalog.models',
  perm: 'catalog',
  rowName: (r) => r.label,
  api: levelCalls<ModelRow>('model'),
  invalidates: CATALOG_KEYS,
  columns: [
    { prop: 'label', label: 'sales.catalog.label', table: true, export: true, width: 320 },
    {
      prop: 'seriesId',
      label: 'sales.catalog.seriesName',
      table: false,
      search: true,
      tree: { key: 'sales-catalog-series', load: seriesChoices },
      text: (r) => `${r.brandName} ${r.seriesName}`,
      form: { required: true },
    },
    {
      prop: 'modelYear',
      label: 'sales.catalog.modelYear',
      sortable: true,
      width: 100,
      form: { type: 'number', required: true, min: 1990, max: 2100, initial: new Date().getFullYear() },
    },
    {
      prop: 'trim',
      label: 'sales.catalog.trim',
      search: true,
      sortable: true,
      form: { required: true, max: 80 },
    },
    {
      prop: 'energyType',
      label: 'sales.catalog.energyType',
      search: true,
      choices: ENERGY,
      form: { required: true },
    },
    {
      prop: 'guidePrice',
      label: 'sales.catalog.guidePrice',
      sortable: true,
      width: 140,
      form: {
        required: true,
        pattern: { regex: new RegExp(MONEY_INPUT_PATTERN), message: 'sales.catalog.moneyRule' },
      },
    },
    sort,
  ],
  // The form holds the guide price as text, exactly as typed (no float).
  toBody: (values) => ({
    ...values,
    guidePrice: values.guidePrice === undefined ? undefined : String(values.guidePrice),
  }),
};
