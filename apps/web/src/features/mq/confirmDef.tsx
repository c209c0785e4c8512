import type { MqConfirm } from '@forecourt/contracts';
import { http } from '@/shared/http';
import type { CrudDef, Page } from '@/shared/crud';
import { confirmStatusTag, confirmStatuses, consumerColumn, consumerName, topicColumn } from './names';
import './messages';

const CONFIRMS = '/api/blade-dmt/mq-confirm';

/**
 * /monitor/dmt/mq_confirm: every consumer's answer to every delivery, newest first: how long it took and
 * why it failed. Read-only; the server has no detail route, so the view shows the listed row.
 */
export const confirmDef: CrudDef<MqConfirm> = {
  name: 'mq-confirm',
  title: 'mqPage.confirmNoun',
  perm: 'mq_confirm',
  rowName: (r) => `${consumerName(r.consumer)} · ${r.messageId}`,
  api: {
    list: (params) => http.get<Page<MqConfirm>>(`${CONFIRMS}/list`, { params }),
  },
  sort: { field: 'createTime', order: 'descend' },
  columns: [
    { prop: 'createTime', label: 'mqPage.time', width: 170, sortable: true, form: {} },
    // The consumer names the topic it reacts to: the topic is in the view.
    topicColumn<MqConfirm>({ table: false, form: {} }),
    consumerColumn<MqConfirm>({ search: true, form: {} }),
    {
      prop: 'status',
      label: 'mqPage.status',
      width: 90,
      numeric: true,
      search: true,
      choices: confirmStatuses,
      render: confirmStatusTag,
      form: {},
    },
    { prop: 'attempt', label: 'mqPage.attempt', width: 80, form: {} },
    {
      prop: 'error',
      label: 'mqPage.error',
      ellipsis: true,
      width: 240,
      form: { type: 'textarea', wide: true },
    },
    { prop: 'durationMs', label: 'mqPage.durationMs', width: 110, form: {} },
    { prop: 'messageId', label: 'mqPage.messageId', width: 170, search: true, form: {} },
  ],
};
