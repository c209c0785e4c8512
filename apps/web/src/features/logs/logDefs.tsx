import type { ClientErrorLog, ServerErrorLog } from '@forecourt/contracts';
import { http } from '@/shared/http';
import i18n from '@/shared/i18n';
import type { CrudDef, Page } from '@/shared/crud';
import './messages';

/** The kinds of entry the shell's log viewer records (shared/logs): their names are this page's texts. */
export const CLIENT_TYPES = ['error', 'unhandledrejection', 'http', 'render'] as const;
const typeName = (type: string) =>
  (CLIENT_TYPES as readonly string[]).includes(type) ? i18n.t(`logPage.typeOf.${type}`) : type;

const wide = { type: 'textarea', wide: true } as const;

/**
 * The browsers' errors of the tenant, uploaded from the shell's log viewer, newest first. Read-only: the
 * server has no write route but the upload.
 */
export const clientDef: CrudDef<ClientErrorLog> = {
  name: 'log-client',
  title: 'logPage.clientNoun',
  perm: 'dmt_log',
  rowName: (r) => r.message,
  api: {
    list: (params) => http.get<Page<ClientErrorLog>>('/api/blade-log/client/list', { params }),
    detail: (row) => http.get<ClientErrorLog>('/api/blade-log/client/detail', { params: { id: row.id } }),
  },
  sort: { field: 'createTime', order: 'descend' },
  columns: [
    { prop: 'createTime', label: 'logPage.time', width: 180, sortable: true, form: {} },
    { prop: 'account', label: 'logPage.account', width: 120, form: {} },
    {
      prop: 'type',
      label: 'logPage.type',
      width: 140,
      search: true,
      choices: CLIENT_TYPES.map((c) => ({ value: c, label: `logPage.typeOf.${c}` })),
      render: (v) => typeName(String(v)),
      text: (r) => typeName(r.type),
      form: {},
    },
    { prop: 'message', label: 'logPage.message', ellipsis: true, search: true, form: wide },
    { prop: 'url', label: 'logPage.url', ellipsis: true, width: 240, search: true, form: {} },
    { prop: 'stack', label: 'logPage.stack', table: false, form: wide },
    { prop: 'info', label: 'logPage.info', table: false, form: wide },
    { prop: 'occurredAt', label: 'logPage.occurredAt', table: false, form: {} },
    { prop: 'userAgent', label: 'logPage.userAgent', table: false, form: wide },
  ],
};

/**
 * The server's failed requests, newest first, with the stack trace in the view: the platform
 * administrator's only (the server refuses anyone else).
 */
export const serverDef: CrudDef<ServerErrorLog> = {
  name: 'log-error',
  title: 'logPage.serverNoun',
  perm: 'dmt_log',
  rowName: (r) => r.requestId ?? r.id,
  api: {
    list: (params) => http.get<Page<ServerErrorLog>>('/api/blade-log/error/list', { params }),
    detail: (row) => http.get<ServerErrorLog>('/api/blade-log/error/detail', { params: { id: row.id } }),
  },
  sort: { field: 'createTime', order: 'descend' },
  columns: [
    { prop: 'createTime', label: 'logPage.time', width: 180, sortable: true, form: {} },
    { prop: 'tenantId', label: 'logPage.tenantId', width: 90, form: {} },
    { prop: 'account', label: 'logPage.account', width: 120, form: {} },
    {
      prop: 'method',
      label: 'logPage.method',
      width: 90,
      search: true,
      choices: ['GET', 'POST', 'PUT', 'DELETE'].map((m) => ({ value: m, label: m })),
      form: {},
    },
    { prop: 'requestUri', label: 'logPage.requestUri', ellipsis: true, width: 280, search: true, form: wide },
    { prop: 'message', label: 'logPage.message', ellipsis: true, search: true, form: wide },
    { prop: 'requestId', label: 'logPage.requestId', width: 150, search: true, form: {} },
    { prop: 'stackTrace', label: 'logPage.stackTrace', table: false, form: wide },
  ],
};
