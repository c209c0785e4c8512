import { Tag } from 'antd';
import type { RuleObject } from 'antd/es/form';
import {
  GROUND_CLOSED,
  GROUND_CODE_PATTERN,
  GROUND_OPEN,
  GROUND_PHONE_PATTERN,
  type Ground,
} from '@forecourt/contracts';
import { http } from '@/shared/http';
import i18n from '@/shared/i18n';
import { lazyField, type CrudDef, type FieldProps, type Page, type Row } from '@/shared/crud';
import { mapFieldProblem, type MapAddress } from '@/shared/pickers/map';
import './messages';

const GROUNDS = '/api/blade-basic/ground';

/** A row, plus the form's one field for the address on the map (the row carries it as four fields). */
export type GroundRow = Ground & { place?: MapAddress };

// The pickers (staff, zones, the map) load with the form, not with the list.
const ManagerPicker = lazyField(() => import('./fields').then((m) => m.ManagerField));
const ZonePicker = lazyField(() => import('./zoneField').then((m) => m.ZoneField));
const PlacePicker = lazyField(() => import('./placeField').then((m) => m.PlaceField));

/**
 * The address and its location are one field: `required` alone would pass an address without a location,
 * which the server refuses, so the picker's own messages say which of the two is missing.
 */
const located: RuleObject = {
  required: true,
  validator: async (_rule, value: MapAddress | undefined) => {
    const problem = mapFieldProblem(value);
    if (problem) throw new Error(i18n.t(problem));
  },
};

const statusText = (s: number) => i18n.t(`groundPage.statusOf.${s}`);
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
/** Optional texts go as null when left empty, so an edit can clear them. */
const orNull = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * /base/ground: the tenant's ground stores (showrooms), each with its zone, its place on the map and its
 * manager. The server keeps code and name unique among the live stores and says so when one is taken.
 */
export const groundDef: CrudDef<GroundRow> = {
  name: 'base-ground',
  title: 'groundPage.noun',
  perm: 'ground',
  rowName: (r) => r.name,
  api: {
    list: (params) => http.get<Page<GroundRow>>(`${GROUNDS}/list`, { params }),
    // The list has no zone path, which the cascader needs.
    detail: (row) => http.get<GroundRow>(`${GROUNDS}/detail`, { params: { id: row.id } }),
    submit: (body) => http.post(`${GROUNDS}/submit`, body),
    remove: (ids) => http.post(`${GROUNDS}/remove`, undefined, { params: { ids: ids.join(',') } }),
  },
  formWidth: 820,
  toForm: (row) => ({
    ...row,
    zonePath: row.zonePath ?? (row.zoneId ? [row.zoneId] : []),
    place: {
      address: row.address,
      longitude: row.longitude,
      latitude: row.latitude,
      ...(row.areaCode ? { areaCode: row.areaCode } : {}),
    },
  }),
  toBody: (v: Row, mode, row) => {
    const place = (v.place ?? {}) as Partial<MapAddress>;
    const path = Array.isArray(v.zonePath) ? (v.zonePath as string[]) : [];
    return {
      ...(mode === 'edit' ? { id: row.id } : {}),
      name: trimmed(v.name),
      code: trimmed(v.code),
      zoneId: path.at(-1) ?? null,
      address: place.address?.trim() ?? '',
      longitude: place.longitude,
      latitude: place.latitude,
      areaCode: place.areaCode || null,
      phone: orNull(v.phone),
      managerUser: typeof v.managerUser === 'string' && v.managerUser ? v.managerUser : null,
      businessHours: orNull(v.businessHours),
      status: v.status,
      sort: v.sort ?? 0,
      remark: orNull(v.remark),
    };
  },
  columns: [
    { prop: 'name', label: 'groundPage.name', width: 180, search: true, form: { required: true, max: 64 } },
    {
      prop: 'code',
      label: 'groundPage.code',
      width: 120,
      search: true,
      sortable: true,
      form: {
        required: true,
        max: 32,
        pattern: { regex: new RegExp(GROUND_CODE_PATTERN), message: 'groundPage.codePattern' },
      },
    },
    { prop: 'zoneName', label: 'groundPage.zone', width: 140, text: (r) => r.zoneName ?? '' },
    {
      prop: 'zonePath',
      label: 'groundPage.zone',
      table: false,
      export: false,
      form: {
        component: (p: FieldProps) => ZonePicker(p),
      },
    },
    { prop: 'address', label: 'groundPage.address', ellipsis: true, width: 240 },
    {
      prop: 'place',
      label: 'groundPage.address',
      table: false,
      export: false,
      form: {
        wide: true,
        rules: () => [located],
        component: (p: FieldProps) => PlacePicker(p),
      },
    },
    {
      prop: 'phone',
      label: 'groundPage.phone',
      width: 140,
      form: {
        max: 20,
        pattern: { regex: new RegExp(GROUND_PHONE_PATTERN), message: 'groundPage.phonePattern' },
      },
    },
    { prop: 'managerName', label: 'groundPage.manager', width: 100, text: (r) => r.managerName ?? '' },
    {
      prop: 'managerUser',
      label: 'groundPage.manager',
      table: false,
      export: false,
      form: { component: (p: FieldProps) => ManagerPicker(p) },
    },
    {
      prop: 'businessHours',
      label: 'groundPage.businessHours',
      width: 120,
      form: { max: 64, help: 'groundPage.businessHoursHelp' },
    },
    {
      prop: 'status',
      label: 'groundPage.status',
      width: 90,
      numeric: true,
      search: true,
      choices: [
        { value: GROUND_OPEN, label: `groundPage.statusOf.${GROUND_OPEN}` },
        { value: GROUND_CLOSED, label: `groundPage.statusOf.${GROUND_CLOSED}` },
      ],
      render: (_, r) => (
        <Tag color={r.status === GROUND_OPEN ? 'green' : 'default'}>{statusText(r.status)}</Tag>
      ),
      text: (r) => statusText(r.status),
      form: { required: true, initial: GROUND_OPEN },
    },
    {
      prop: 'sort',
      label: 'groundPage.sort',
      width: 80,
      sortable: true,
      form: { type: 'number', min: 0, max: 100_000, initial: 0 },
    },
    { prop: 'remark', label: 'groundPage.remark', table: false, form: { type: 'textarea', max: 255 } },
  ],
};
