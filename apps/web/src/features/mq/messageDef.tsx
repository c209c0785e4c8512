import { Table } from 'antd';
import {
  MQ_DONE,
  MQ_FAILED,
  type MqConfirm,
  type MqMessage,
  type MqMessageDetail,
} from '@forecourt/contracts';
import { http, toast } from '@/shared/http';
import i18n from '@/shared/i18n';
import type { CrudDef, Page } from '@/shared/crud';
import {
  JsonBlock,
  confirmStatusTag,
  consumerName,
  messageStatusTag,
  messageStatuses,
  topicColumn,
  topicName,
} from './names';
import './messages';

const MESSAGES = '/api/blade-dmt/mq-message';

/** A listed message; the view's detail adds its body and its confirmations. */
export type MessageRow = MqMessage & Partial<Pick<MqMessageDetail, 'payload' | 'confirms'>>;

const wide = { type: 'textarea', wide: true } as const;

/** Every consumer's answer to every delivery of the message, oldest first, as the server lists them. */
function Confirmations({ value }: { value?: unknown }) {
  const rows = Array.isArray(value) ? (value as MqConfirm[]) : [];
  const t = (key: string) => i18n.t(`mqPage.${key}`);
  return (
    <Table<MqConfirm>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={rows}
      locale={{ emptyText: i18n.t('crud.empty') }}
      columns={[
        {
          key: 'consumer',
          dataIndex: 'consumer',
          title: t('consumer'),
          render: (v: string) => consumerName(v),
        },
        { key: 'attempt', dataIndex: 'attempt', title: t('attempt'), width: 70 },
        { key: 'status', dataIndex: 'status', title: t('status'), width: 80, render: confirmStatusTag },
        { key: 'error', dataIndex: 'error', title: t('error') },
        { key: 'durationMs', dataIndex: 'durationMs', title: t('durationMs'), width: 100 },
        { key: 'createTime', dataIndex: 'createTime', title: t('time'), width: 170 },
      ]}
    />
  );
}

// A settled message keeps the time it was last due; it is due no more.
const nextAttempt = (r: MqMessage) =>
  r.status === MQ_DONE || r.status === MQ_FAILED ? null : r.nextAttemptTime;

const rowName = (r: MqMessage) => `${topicName(r.topic)} · ${r.businessKey}`;

/**
 * /monitor/dmt/mq_message: the outbox, newest first, with each message's delivery so far. Read-only but
 * for redelivering a message that was given up (once its consumer is fixed): the server refuses any other
 * status, since the dispatcher still owns a message that is waiting or with the broker.
 */
export const messageDef: CrudDef<MessageRow> = {
  name: 'mq-message',
  title: 'mqPage.messageNoun',
  perm: 'mq_message',
  rowName,
  api: {
    list: (params) => http.get<Page<MqMessage>>(`${MESSAGES}/list`, { params }),
    detail: (row) => http.get<MqMessageDetail>(`${MESSAGES}/detail`, { params: { id: row.id } }),
  },
  sort: { field: 'createTime', order: 'descend' },
  formWidth: 900,
  toForm: (r) => ({ ...r, nextAttemptTime: nextAttempt(r) }),
  columns: [
    { prop: 'id', label: 'mqPage.messageId', table: false, form: {} },
    { prop: 'createTime', label: 'mqPage.time', width: 170, sortable: true, form: {} },
    topicColumn<MessageRow>({ search: true, form: {} }),
    { prop: 'businessKey', label: 'mqPage.businessKey', width: 170, search: true, form: {} },
    {
      prop: 'status',
      label: 'mqPage.status',
      width: 100,
      numeric: true,
      search: true,
      choices: messageStatuses,
      render: messageStatusTag,
      form: {},
    },
    { prop: 'attempts', label: 'mqPage.attempts', width: 90, form: {} },
    { prop: 'lastError', label: 'mqPage.lastError', ellipsis: true, width: 220, form: wide },
    {
      prop: 'nextAttemptTime',
      label: 'mqPage.nextAttemptTime',
      width: 170,
      render: (_, r) => nextAttempt(r),
      text: (r) => nextAttempt(r) ?? '',
      form: {},
    },
    { prop: 'publishTime', label: 'mqPage.publishTime', table: false, form: {} },
    { prop: 'finishTime', label: 'mqPage.finishTime', table: false, form: {} },
    { prop: 'payload', label: 'mqPage.payload', table: false, form: { wide: true, component: JsonBlock } },
    {
      prop: 'confirms',
      label: 'mqPage.confirms',
      table: false,
      form: { wide: true, component: Confirmations },
    },
  ],
  actions: [
    {
      key: 'redeliver',
      label: 'mqPage.redeliver',
      code: 'mq_message_retry',
      place: 'row',
      visible: (r) => r.status === MQ_FAILED,
      confirm: (rows) => i18n.t('mqPage.redeliverConfirm', { name: rowName(rows[0]!) }),
      run: async ({ rows, reload }) => {
        const count = await http.post<number>(`${MESSAGES}/retry`, undefined, {
          params: { ids: rows.map((r) => r.id).join(',') },
        });
        toast.success(i18n.t('mqPage.redelivered', { count }));
        reload();
      },
    },
  ],
};
