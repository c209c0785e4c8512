import { Tag } from 'antd';
import {
  checkVin,
  MACHINES,
  MONEY_INPUT_PATTERN,
  normaliseVin,
  salesMessage,
  STOCK_AGE_BANDS,
  VIN_PATTERN,
  type ResourceRow,
} from '@forecourt/contracts/sales';
import { http, toast } from '@/shared/http';
import i18n from '@/shared/i18n';
import { lazyField, type CrudColumn, type CrudDef, type Page, type TreeChoice } from '@/shared/crud';
import type { UploadResult } from '@/shared/upload';
import './messages';

export const RESOURCE = '/api/blade-sales/resource';

/** A row of the list; purchase cost and floor price come only to resource staff and administrators. */
export type StockRow = ResourceRow & { photoList?: UploadResult[] };

const STATUS = Object.entries(MACHINES.resource.states).map(([value, [zh, en]]) => ({ value, zh, en }));
const statusLabel = (s: string) => {
  const found = STATUS.find((x) => x.value === s);
  return found ? (i18n.language === 'en' ? found.en : found.zh) : s;
};
const STATUS_COLOR: Record<string, string> = {
  in_transit: 'blue',
  in_stock: 'green',
  reserved: 'orange',
  sold: 'purple',
  delivered: 'default',
};
export const bandColor = (band: string | null) =>
  STOCK_AGE_BANDS.find((b) => b.band === band)?.color ?? 'default';

// The form's model, date and photo fields (a cascader, a calendar, the uploader) load with the form.
const fields = () => import('./fields');
const DateField = lazyField(() => fields().then((m) => m.DateField));
const PhotosField = lazyField(() => fields().then((m) => m.PhotosField));
const ModelField = lazyField(() => fields().then((m) => m.ModelField));

const money = (prop: 'purchaseCost' | 'guidePrice' | 'floorPrice', label: string): CrudColumn<StockRow> => ({
  prop,
  label,
  width: 120,
  sortable: prop === 'guidePrice',
  form: {
    required: true,
    pattern: { regex: new RegExp(MONEY_INPUT_PATTERN), message: 'sales.resource.moneyRule' },
  },
});

const stores = async (): Promise<TreeChoice[]> => http.get<TreeChoice[]>('/api/blade-system/dept/tree');

/**
 * Stock vehicles. `staff` (resource staff, administrators) get the cost columns and the edit form; a
 * salesperson's list has no such columns, and the server sends no such fields either.
 */
export function resourceDef(staff: boolean): CrudDef<StockRow> {
  const columns: CrudColumn<StockRow>[] = [
    {
      prop: 'vin',
      label: 'sales.resource.vin',
      search: true,
      sortable: true,
      width: 190,
      form: {
        required: true,
        lockedOnEdit: false,
        pattern: {
          regex: new RegExp(VIN_PATTERN.replace('^', '^\\s*').replace('$', '\\s*$'), 'i'),
          message: 'sales.resource.vinRule',
        },
        // The check digit, with the rule's own message (zh/en from the shared rules).
        rules: () => [
          {
            validator: async (_: unknown, v: string) => {
              const problem = v ? checkVin(normaliseVin(v)) : null;
              if (problem) throw new Error(salesMessage(i18n.language === 'en' ? 'en' : 'zh', problem));
            },
          },
        ],
      },
    },
    { prop: 'modelName', label: 'sales.resource.model', width: 300, ellipsis: true },
    {
      prop: 'modelId',
      label: 'sales.resource.model',
      table: false,
      export: false,
      form: {
        required: true,
        wide: true,
        component: ModelField,
      },
    },
    { prop: 'exteriorColor', label: 'sales.resource.exteriorColor', width: 100, form: { max: 40 } },
    { prop: 'interiorColor', label: 'sales.resource.interiorColor', width: 100, form: { max: 40 } },
    {
      prop: 'productionDate',
      label: 'sales.resource.productionDate',
      sortable: true,
      width: 120,
      form: { required: true, component: DateField },
    },
    {
      prop: 'arrivalDate',
      label: 'sales.resource.arrivalDate',
      sortable: true,
      width: 120,
      form: { component: DateField },
    },
    {
      prop: 'stockDays',
      label: 'sales.resource.stockDays',
      sortable: true,
      width: 110,
      render: (_, r) =>
        r.stockDays === null ? '—' : <Tag color={bandColor(r.stockBand)}>{r.stockDays}</Tag>,
      text: (r) => (r.stockDays === null ? '' : String(r.stockDays)),
    },
    {
      prop: 'stockBand',
      label: 'sales.resource.stockBand',
      table: false,
      search: true,
      choices: STOCK_AGE_BANDS.map((b) => ({ value: b.band, label: `sales.resource.band.${b.band}` })),
    },
    {
      prop: 'storeId',
      label: 'sales.resource.store',
      width: 120,
      search: true,
      tree: { key: 'sales-stores', load: stores },
      text: (r) => r.storeName ?? '',
      form: {},
    },
    money('guidePrice', 'sales.resource.guidePrice'),
    ...(staff
      ? [
          money('purchaseCost', 'sales.resource.purchaseCost'),
          money('floorPrice', 'sales.resource.floorPrice'),
        ]
      : []),
    {
      prop: 'status',
      label: 'sales.resource.status',
      search: true,
      width: 100,
      choices: STATUS.map((s) => ({ value: s.value, label: `sales.resource.state.${s.value}` })),
      render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{statusLabel(r.status)}</Tag>,
      text: (r) => statusLabel(r.status),
      form: { initial: 'in_transit' },
    },
    { prop: 'reservedUntil', label: 'sales.resource.reservedUntil', width: 160 },
    {
      prop: 'photos',
      label: 'sales.resource.photos',
      table: false,
      export: false,
      form: { wide: true, component: PhotosField },
    },
    {
      prop: 'remark',
      label: 'sales.resource.remark',
      ellipsis: true,
      form: { type: 'textarea', max: 500, wide: true },
    },
  ];
  return {
    name: staff ? 'sales-resource' : 'sales-resource-available',
    title: 'sales.resource.title',
    perm: 'resource',
    rowName: (r) => r.vin,
    api: {
      list: (params) => http.get<Page<StockRow>>(`${RESOURCE}/list`, { params }),
      detail: (row) => http.get<StockRow>(`${RESOURCE}/detail`, { params: { id: row.id } }),
      submit: (body) => http.post(`${RESOURCE}/submit`, body),
      remove: (ids) => http.post(`${RESOURCE}/remove`, undefined, { params: { ids: ids.join(',') } }),
    },
    sort: { field: 'createTime', order: 'descend' },
    formWidth: 820,
    columns,
    actions: [
      {
        key: 'release',
        label: 'sales.resource.release',
        code: 'resource_release',
        place: 'row',
        visible: (r) => r.status === 'reserved',
        confirm: ([r]) => i18n.t('sales.resource.releaseConfirm', { vin: r!.vin }),
        run: async ({ rows, reload }) => {
          await http.post(`${RESOURCE}/release`, undefined, { params: { id: rows[0]!.id } });
          toast.success(i18n.t('sales.resource.released'));
          reload();
        },
      },
    ],
    // Amounts stay the text typed (exact); the VIN goes as typed and the server normalises it.
    toBody: (values, mode, row) => ({
      ...values,
      id: mode === 'edit' ? row.id : undefined,
      arrivalDate: values.arrivalDate || null,
      storeId: values.storeId || null,
      photos: Array.isArray(values.photos) ? values.photos : [],
    }),
  };
}
