import type { MqMessageData } from '@forecourt/contracts';
import { http } from '@/shared/http';
import type { CrudDef, Page } from '@/shared/crud';
import { JsonBlock, topicColumn, topicName } from './names';
import './messages';

const DATA = '/api/blade-dmt/mq-message-data';

/**
 * /monitor/dmt/mq_message_data: the messages' bodies, newest first, kept apart from the queue so its
 * lists stay narrow; searched by a piece of the body (an offer's id, a customer's). Read-only.
 */
export const dataDef: CrudDef<MqMessageData> = {
  name: 'mq-message-data',
  title: 'mqPage.dataNoun',
  perm: 'mq_message_data',
  rowName: (r) => `${topicName(r.topic)} · ${r.id}`,
  api: {
    list: (params) => http.get<Page<MqMessageData>>(`${DATA}/list`, { params }),
    detail: (row) => http.get<MqMessageData>(`${DATA}/detail`, { params: { id: row.id } }),
  },
  sort: { field: 'createTime', order: 'descend' },
  columns: [
    { prop: 'createTime', label: 'mqPage.time', width: 170, sortable: true, form: {} },
    { prop: 'id', label: 'mqPage.messageId', width: 170, form: {} },
    topicColumn<MqMessageData>({ search: true, form: {} }),
    { prop: 'size', label: 'mqPage.size', width: 110, form: {} },
    {
      prop: 'payload',
      label: 'mqPage.payload',
      ellipsis: true,
      search: true,
      form: { wide: true, component: JsonBlock },
    },
  ],
};
