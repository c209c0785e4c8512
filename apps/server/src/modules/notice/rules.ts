import { Repo } from '../../platform/crud.js';

/**
 * The notice log: what the platform sent to whom, on which channel, with which template — written by the
 * senders themselves (the SMS codes of sign-in and password reset, user/sms.ts), with any code masked
 * before it is written. Read-only: an operations record is not edited, and the server has no write route.
 */
export const noticeLog = new Repo({
  table: 'blade_notice_log',
  fields: [
    'id',
    'tenantId',
    'channel',
    'receiver',
    'templateCode',
    'content',
    'sendStatus',
    'error',
    'createTime',
  ],
  filters: {
    channel: { column: 'channel', type: 'exact' },
    receiver: { column: 'receiver', type: 'text' },
    templateCode: { column: 'templateCode', type: 'exact' },
    sendStatus: { column: 'sendStatus', type: 'number' },
    createTime: { column: 'createTime', type: 'date' },
  },
  sortable: ['createTime'],
  defaultOrder: 't.create_time DESC, t.id DESC',
});
