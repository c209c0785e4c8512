import { Tag } from 'antd';
import {
  NOTICE_CHANNELS,
  NOTICE_FAILED,
  NOTICE_SENT,
  NOTICE_TEMPLATE_CODES,
  type NoticeLog,
} from '@forecourt/contracts';
import { http } from '@/shared/http';
import i18n from '@/shared/i18n';
import type { CrudDef, Page } from '@/shared/crud';
import './messages';

const LOG = '/api/blade-system/notice-log';

/**
 * A template code as people say it: the SMS codes the platform sends have names (`sms.reset`; `sms.h5`, logged
 * as `sms.h5:<tenant>`, for a customer's sign-in on the mobile page); any other code is shown as it is.
 */
export function templateName(code: string | null): string {
  if (!code) return '';
  const known = NOTICE_TEMPLATE_CODES.find((c) => code === c || code.startsWith(`${c}:`));
  return known ? i18n.t(`notice.templateOf.${known.slice('sms.'.length)}`) : code;
}

const statusTag = (v: unknown) =>
  v === NOTICE_FAILED ? (
    <Tag color="red">{i18n.t('notice.failed')}</Tag>
  ) : (
    <Tag color="green">{i18n.t('notice.sent')}</Tag>
  );

/**
 * /monitor/notice/notice_log: every notice the platform sent or tried to, newest first, with the code it
 * carried masked. Read-only: the senders write it and the server has no write route.
 */
export const noticeLogDef: CrudDef<NoticeLog> = {
  name: 'notice-log',
  title: 'notice.logNoun',
  perm: 'notice_log',
  rowName: (r) => r.receiver,
  api: {
    list: (params) => http.get<Page<NoticeLog>>(`${LOG}/list`, { params }),
    detail: (row) => http.get<NoticeLog>(`${LOG}/detail`, { params: { id: row.id } }),
  },
  sort: { field: 'createTime', order: 'descend' },
  columns: [
    { prop: 'createTime', label: 'notice.time', width: 180, sortable: true, form: {} },
    {
      prop: 'channel',
      label: 'notice.channel',
      width: 90,
      search: true,
      choices: NOTICE_CHANNELS.map((c) => ({ value: c, label: `notice.channelOf.${c}` })),
      form: {},
    },
    { prop: 'receiver', label: 'notice.receiver', width: 150, search: true, form: {} },
    {
      prop: 'templateCode',
      label: 'notice.template',
      width: 150,
      render: (v) => templateName(v as string | null),
      text: (r) => templateName(r.templateCode),
      form: { component: ({ value }) => <div>{templateName(value as string | null)}</div> },
    },
    { prop: 'content', label: 'notice.content', ellipsis: true, form: { type: 'textarea', wide: true } },
    {
      prop: 'sendStatus',
      label: 'notice.status',
      width: 100,
      numeric: true,
      search: true,
      choices: [
        { value: NOTICE_SENT, label: 'notice.sent' },
        { value: NOTICE_FAILED, label: 'notice.failed' },
      ],
      render: statusTag,
      form: {},
    },
    {
      prop: 'error',
      label: 'notice.error',
      ellipsis: true,
      width: 200,
      form: { type: 'textarea', wide: true },
    },
  ],
};
