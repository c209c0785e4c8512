import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  { 'logs.platformOnly': '只有平台管理员可以查看服务端错误日志' },
  { 'logs.platformOnly': "Only the platform administrator can read the server's error log" },
);
