import { http } from '@/shared/http';
import type { CrudDef, Page } from '@/shared/crud';
import './messages';

/**
 * The texts a server without an SMS gateway would have sent (sign-in and password codes), newest first.
 * Read-only: the list call is all its API has, so the engine shows no add, edit or remove.
 */
// A row as the server answers it (local until the contracts package has the wire type; a type, not an
// interface, so it still passes where the engine takes a loose Row).
export type OutboxRow = {
  id: string;
  receiver: string;
  content: string;
  templateCode?: string;
  createTime: string;
};

export const outboxDef: CrudDef<OutboxRow> = {
  name: 'sms-outbox',
  title: 'outbox.title',
  perm: 'sms_outbox',
  rowName: (r) => r.receiver,
  api: { list: (params) => http.get<Page<OutboxRow>>('/api/blade-system/sms-outbox/list', { params }) },
  exportable: false,
  columns: [
    { prop: 'receiver', label: 'outbox.receiver', search: true, width: 160 },
    { prop: 'content', label: 'outbox.content' },
    { prop: 'templateCode', label: 'outbox.template', width: 180 },
    { prop: 'createTime', label: 'outbox.time', width: 180, sortable: true },
  ],
};
