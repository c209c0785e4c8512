import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  {
    'desk.noticeNotFound': '通知不存在或已被删除',
    'desk.noticeOtherTenant': '只能标记本租户的通知',
  },
  {
    'desk.noticeNotFound': 'The notice does not exist or was removed',
    'desk.noticeOtherTenant': "only your own tenant's notices can be marked",
  },
);
