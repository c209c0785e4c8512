import { Tag } from 'antd';
import type { FormRule } from 'antd';
import {
  POINT_EVENTS,
  POINT_PARTIES,
  POINTS_MAX,
  POINTS_REMARK_MAX,
  type PointRule,
  type PointRuleSubmit,
} from '@forecourt/contracts';
import i18n from '@/shared/i18n';
import { bladeCalls, lazyField, type CrudDef, type FieldProps, type Row } from '@/shared/crud';
import './messages';

const RULES = '/api/blade-points/rule';
const ENABLED = 1;
const DISABLED = 0;

/** A row, plus the list's one column for the dates it applies between. */
export type RuleRow = PointRule & { validity?: string };

// The event select (it follows the party) and the calendars load with the form, not with the list.
const fields = () => import('./fields');
const EventField = lazyField(() => fields().then((m) => m.EventField));
const ValidFromField = lazyField(() => fields().then((m) => m.ValidFromField));
const ValidToField = lazyField(() => fields().then((m) => m.ValidToField));

const t = (key: string, o?: Record<string, unknown>) => i18n.t(`points.rule.${key}`, o);
const partyText = (p: string) => t(`partyOf.${p}`, { defaultValue: p });
const eventText = (e: string) => t(`eventOf.${e}`, { defaultValue: e });
const statusText = (s: number) => t(`statusOf.${s}`);
const limitText = (n: number) => (n > 0 ? t('perDay', { count: n }) : t('noLimit'));
const validityText = (r: PointRule) =>
  r.validFrom && r.validTo
    ? t('validBoth', { from: r.validFrom, to: r.validTo })
    : r.validFrom
      ? t('validSince', { from: r.validFrom })
      : r.validTo
        ? t('validUntil', { to: r.validTo })
        : t('always');

/** Points are whole numbers (the number box would take 1.5). */
const whole = (label: string): FormRule[] => [{ type: 'integer', message: t('integer', { label }) }];

/** The server refuses a store's purchase rule; the select does not offer it, this says so if one stays. */
const customersBuy: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, v: unknown) => {
    if (v === 'purchase' && getFieldValue('party') === 'store') throw new Error(t('purchaseCustomersOnly'));
  },
});

/** The end of the validity is not before its start (both yyyy-MM-dd: compared as text). */
const endAfterStart: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, v: unknown) => {
    const from = getFieldValue('validFrom') as unknown;
    if (typeof v === 'string' && v && typeof from === 'string' && from && v < from)
      throw new Error(t('validToBeforeFrom'));
  },
});

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const dayOrNull = (v: unknown) => (typeof v === 'string' && v ? v : null);

/**
 * /fc/score/rules: how many points a customer or a store earns for an event, how often a day, between
 * which days. One enabled rule per party and event: the server names the one that holds the place.
 */
export const ruleDef: CrudDef<RuleRow> = {
  name: 'points-rule',
  title: 'points.rule.noun',
  perm: 'score_rules',
  rowName: (r) => r.name,
  api: bladeCalls<RuleRow>(RULES),
  toBody: (v: Row, mode, row): PointRuleSubmit => ({
    ...(mode === 'edit' ? { id: row.id } : {}),
    name: trimmed(v.name),
    party: v.party as PointRuleSubmit['party'],
    event: v.event as PointRuleSubmit['event'],
    points: v.points as number,
    dailyLimit: (v.dailyLimit as number | null) ?? 0,
    validFrom: dayOrNull(v.validFrom),
    validTo: dayOrNull(v.validTo),
    status: v.status as number,
    remark: trimmed(v.remark),
  }),
  columns: [
    {
      prop: 'name',
      label: 'points.rule.name',
      width: 180,
      search: true,
      form: { required: true, max: 60 },
    },
    {
      prop: 'party',
      label: 'points.rule.party',
      width: 90,
      search: true,
      choices: POINT_PARTIES.map((p) => ({ value: p, label: `points.rule.partyOf.${p}` })),
      text: (r) => partyText(r.party),
      form: { required: true, initial: 'customer' },
    },
    {
      prop: 'event',
      label: 'points.rule.event',
      width: 110,
      search: true,
      choices: POINT_EVENTS.map((e) => ({ value: e, label: `points.rule.eventOf.${e}` })),
      text: (r) => eventText(r.event),
      form: {
        required: true,
        help: 'points.rule.eventHelp',
        rules: () => [customersBuy],
        component: (p: FieldProps) => EventField(p),
      },
    },
    {
      prop: 'points',
      label: 'points.rule.points',
      width: 100,
      sortable: true,
      form: { type: 'number', required: true, min: 1, max: POINTS_MAX, rules: whole },
    },
    {
      prop: 'dailyLimit',
      label: 'points.rule.dailyLimit',
      width: 120,
      render: (_, r) => limitText(r.dailyLimit),
      text: (r) => limitText(r.dailyLimit),
      form: {
        type: 'number',
        required: true,
        min: 0,
        max: 100,
        initial: 0,
        help: 'points.rule.dailyLimitHelp',
        rules: whole,
      },
    },
    {
      prop: 'validity',
      label: 'points.rule.validity',
      width: 210,
      render: (_, r) => validityText(r),
      text: (r) => validityText(r),
    },
    {
      prop: 'validFrom',
      label: 'points.rule.validFrom',
      table: false,
      form: { component: (p: FieldProps) => ValidFromField(p) },
    },
    {
      prop: 'validTo',
      label: 'points.rule.validTo',
      table: false,
      form: { rules: () => [endAfterStart], component: (p: FieldProps) => ValidToField(p) },
    },
    {
      prop: 'status',
      label: 'points.rule.status',
      width: 90,
      numeric: true,
      search: true,
      choices: [
        { value: ENABLED, label: `points.rule.statusOf.${ENABLED}` },
        { value: DISABLED, label: `points.rule.statusOf.${DISABLED}` },
      ],
      render: (_, r) => <Tag color={r.status === ENABLED ? 'green' : 'default'}>{statusText(r.status)}</Tag>,
      text: (r) => statusText(r.status),
      form: { required: true, initial: ENABLED },
    },
    {
      prop: 'remark',
      label: 'points.rule.remark',
      width: 200,
      ellipsis: true,
      form: { type: 'textarea', max: POINTS_REMARK_MAX },
    },
    { prop: 'createTime', label: 'points.rule.createTime', width: 170, sortable: true },
  ],
};
