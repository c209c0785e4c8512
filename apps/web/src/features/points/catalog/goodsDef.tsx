import { Tag } from 'antd';
import type { FormRule } from 'antd';
import { POINTS_MAX, type PointGoods, type PointGoodsSubmit } from '@forecourt/contracts';
import i18n from '@/shared/i18n';
import { bladeCalls, lazyField, type CrudDef, type FieldProps, type Row } from '@/shared/crud';
import './messages';
import { Thumb } from './Thumb';

const GOODS = '/api/blade-points/goods';
const ON_SHELF = 1;
const OFF_SHELF = 0;

// The uploader loads with the form, not with the list.
const ImageField = lazyField(() => import('./fields').then((m) => m.ImageField));

const t = (key: string, o?: Record<string, unknown>) => i18n.t(`points.goods.${key}`, o);
const statusText = (s: number) => t(`statusOf.${s}`);

/** Points, stock and sort are whole numbers (the number box would take 1.5). */
const whole = (label: string): FormRule[] => [{ type: 'integer', message: t('integer', { label }) }];

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * /fc/score/goods: what customers exchange their points for, with the stock left and the units exchanged
 * so far. Names are unique in the tenant: the server says which one is taken.
 */
export const goodsDef: CrudDef<PointGoods> = {
  name: 'points-goods',
  title: 'points.goods.noun',
  perm: 'score_goods',
  rowName: (r) => r.name,
  api: bladeCalls<PointGoods>(GOODS),
  toBody: (v: Row, mode, row): PointGoodsSubmit => ({
    ...(mode === 'edit' ? { id: row.id } : {}),
    name: trimmed(v.name),
    points: v.points as number,
    stock: v.stock as number,
    imageUrl: trimmed(v.imageUrl),
    description: trimmed(v.description),
    status: v.status as number,
    sort: (v.sort as number | null) ?? 0,
  }),
  columns: [
    {
      prop: 'imageUrl',
      label: 'points.goods.image',
      width: 80,
      export: false,
      render: (_, r) => (r.imageUrl ? <Thumb src={r.imageUrl} alt={r.name} /> : null),
      form: { wide: true, max: 500, component: (p: FieldProps) => ImageField(p) },
    },
    {
      prop: 'name',
      label: 'points.goods.name',
      width: 200,
      search: true,
      form: { required: true, max: 60 },
    },
    {
      prop: 'points',
      label: 'points.goods.points',
      width: 100,
      sortable: true,
      form: { type: 'number', required: true, min: 1, max: POINTS_MAX, rules: whole },
    },
    {
      prop: 'stock',
      label: 'points.goods.stock',
      width: 90,
      sortable: true,
      form: { type: 'number', required: true, min: 0, max: 100_000, initial: 0, rules: whole },
    },
    { prop: 'exchanged', label: 'points.goods.exchanged', width: 90 },
    {
      prop: 'status',
      label: 'points.goods.status',
      width: 90,
      numeric: true,
      search: true,
      choices: [
        { value: ON_SHELF, label: `points.goods.statusOf.${ON_SHELF}` },
        { value: OFF_SHELF, label: `points.goods.statusOf.${OFF_SHELF}` },
      ],
      render: (_, r) => <Tag color={r.status === ON_SHELF ? 'green' : 'default'}>{statusText(r.status)}</Tag>,
      text: (r) => statusText(r.status),
      form: { required: true, initial: ON_SHELF },
    },
    {
      prop: 'sort',
      label: 'points.goods.sort',
      width: 80,
      sortable: true,
      form: { type: 'number', min: 0, max: 9999, initial: 0, rules: whole },
    },
    {
      prop: 'description',
      label: 'points.goods.description',
      width: 240,
      ellipsis: true,
      form: { type: 'textarea', max: 500 },
    },
  ],
};
