import type { CSSProperties } from 'react';
import { Tag } from 'antd';
import { RED_PACKET_SCENES, RED_PACKET_STATUSES, type RedPacket } from '@forecourt/contracts/sales';
import { bladeCalls, type CrudAction, type CrudDef } from '@/shared/crud';
import { yuan } from '@/shared/format/money';
import i18n from '@/shared/i18n';
import { RED_PACKET_BASE, RED_PACKET_LIST } from './api';
import './messages';

/** The page's own dialogs: the application (toolbar) and the moves of a row. */
export type RedPacketDialog = 'apply' | 'approve' | 'reject' | 'pay';

const STATUS_COLOR: Record<string, string> = {
  pending: 'orange',
  approved: 'blue',
  paid: 'green',
  rejected: 'default',
};

const RIGHT: CSSProperties = { display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums' };

export const statusTag = (status: string) => (
  <Tag color={STATUS_COLOR[status]}>{i18n.t(`sales.redPacket.status_.${status}`)}</Tag>
);

export const rowName = (r: RedPacket) => `${r.packetNo} · ${r.customerName}`;

/** Approve and reject only a pending application; record the payment only of an approved one. */
export const canDecide = (r: RedPacket) => r.status === 'pending';
export const canPay = (r: RedPacket) => r.status === 'approved';

/**
 * /fc/redPacket/index (红包管理): the applications, newest first. Written only through the page's dialogs
 * (apply, approve, reject, pay), opened through `open`.
 */
export function redPacketDef(open: (kind: RedPacketDialog, row?: RedPacket) => void): CrudDef<RedPacket> {
  const rowAction = (
    kind: RedPacketDialog,
    code: string,
    visible: (r: RedPacket) => boolean,
    danger?: boolean,
  ): CrudAction<RedPacket> => ({
    key: kind,
    label: `sales.redPacket.${kind}`,
    code,
    place: 'row',
    visible,
    danger,
    run: ({ rows }) => open(kind, rows[0]!),
  });
  const calls = bladeCalls<RedPacket>(RED_PACKET_BASE);
  const text = (prop: keyof RedPacket, width?: number, search = false) => ({
    prop,
    label: `sales.redPacket.${prop}`,
    width,
    search,
    form: {},
  });
  return {
    name: RED_PACKET_LIST,
    title: 'sales.redPacket.noun',
    perm: 'red_packet',
    rowName,
    // No engine add, edit or remove: the application and every move are the page's dialogs.
    api: { list: calls.list, detail: calls.detail },
    sort: { field: 'createTime', order: 'descend' },
    columns: [
      text('packetNo', 160, true),
      text('customerName', 110, true),
      text('customerPhone', 130, true),
      {
        prop: 'scene',
        label: 'sales.redPacket.scene',
        width: 120,
        search: true,
        choices: RED_PACKET_SCENES.map((s) => ({ value: s, label: `sales.redPacket.scene_.${s}` })),
        form: {},
      },
      {
        prop: 'amount',
        label: 'sales.redPacket.amount',
        width: 110,
        sortable: true,
        render: (v) => <span style={RIGHT}>{v ? yuan(String(v)) : ''}</span>,
        text: (r) => (r.amount ? yuan(r.amount) : ''),
        form: {},
      },
      { ...text('greeting'), ellipsis: true },
      {
        prop: 'status',
        label: 'sales.redPacket.status',
        width: 100,
        search: true,
        choices: RED_PACKET_STATUSES.map((s) => ({ value: s, label: `sales.redPacket.status_.${s}` })),
        render: (v) => statusTag(String(v)),
        form: {},
      },
      text('ownerName', 100),
      text('approvedByName', 100),
      { ...text('approvalRemark', 140), ellipsis: true },
      text('reference', 160),
      text('paidAt', 170),
      { ...text('createTime', 170), sortable: true },
    ],
    actions: [
      {
        key: 'apply',
        label: 'sales.redPacket.apply',
        code: 'red_packet_add',
        place: 'toolbar',
        run: () => open('apply'),
      },
      rowAction('approve', 'red_packet_approve', canDecide),
      rowAction('reject', 'red_packet_approve', canDecide, true),
      rowAction('pay', 'red_packet_pay', canPay),
    ],
  };
}
