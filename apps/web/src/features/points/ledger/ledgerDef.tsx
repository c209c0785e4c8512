import { Tag } from 'antd';
import { POINT_KINDS, type PointParty, type PointRecord } from '@forecourt/contracts';
import { bladeCalls, type CrudDef } from '@/shared/crud';
import i18n from '@/shared/i18n';
import { LEDGERS } from './api';
import { ChangeCell, PointsCell } from './format';
import './messages';

/** The tag colours of a line's kind: points earned green, taken back by hand blue, spent orange, returned cyan. */
export const KIND_COLOR: Record<string, string> = {
  earn: 'green',
  adjust: 'blue',
  redeem: 'orange',
  refund: 'cyan',
};

/** A line's event in words, or a dash for a line no event made (an adjustment, an exchange). */
const eventText = (v: unknown) => (v ? i18n.t(`points.record.event_.${String(v)}`) : '—');

/**
 * 积分记录 (customers, `/fc/score/records`) and 商户积分记录 (ground stores, `/fc/score/recordsToB`): a
 * holder's ledger, newest first, each line with the balance it left. Lines are never edited: the server
 * writes them (an order settled, an exchange), and the page's adjustment dialog adds one by hand.
 */
export function ledgerDef(party: PointParty): CrudDef<PointRecord> {
  const ledger = LEDGERS[party];
  const calls = bladeCalls<PointRecord>(ledger.base);
  return {
    name: ledger.list,
    title: `points.record.${party}.noun`,
    perm: ledger.perm,
    rowName: (r) => `${r.partyName} · ${r.createTime}`,
    // No detail route: a line's view shows the row as listed.
    api: { list: calls.list },
    sort: { field: 'createTime', order: 'descend' },
    columns: [
      { prop: 'partyName', label: `points.record.${party}.name`, width: 140, search: true, form: {} },
      { prop: 'partyCode', label: `points.record.${party}.code`, width: 140, search: true, form: {} },
      {
        prop: 'kind',
        label: 'points.record.kind',
        width: 90,
        search: true,
        choices: POINT_KINDS.map((k) => ({ value: k, label: `points.record.kind_.${k}` })),
        render: (v) => <Tag color={KIND_COLOR[String(v)]}>{i18n.t(`points.record.kind_.${String(v)}`)}</Tag>,
        form: {},
      },
      {
        prop: 'event',
        label: 'points.record.event',
        width: 110,
        search: true,
        choices: ledger.events.map((e) => ({ value: e, label: `points.record.event_.${e}` })),
        render: eventText,
        form: {},
      },
      {
        prop: 'change',
        label: 'points.record.change',
        width: 110,
        sortable: true,
        render: (v) => <ChangeCell value={v} />,
        form: {},
      },
      {
        prop: 'balance',
        label: 'points.record.balance',
        width: 110,
        render: (v) => <PointsCell value={v} />,
        form: {},
      },
      {
        prop: 'remark',
        label: 'points.record.remark',
        ellipsis: true,
        form: { type: 'textarea', wide: true },
      },
      { prop: 'createUserName', label: 'points.record.createUserName', width: 110, form: {} },
      { prop: 'createTime', label: 'points.record.createTime', width: 170, sortable: true, form: {} },
    ],
  };
}
