import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  { 'outbox.platformOnly': '只有平台管理员可以查看开发发件箱' },
  { 'outbox.platformOnly': 'Only the platform administrator can read the development outbox' },
);
