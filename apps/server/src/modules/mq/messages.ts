import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  {
    'mq.platformOnly': '消息关系对所有租户生效，只有平台管理员可以修改',
    'mq.notGivenUp': '只有已放弃的消息可以重新投递：{ids}',
  },
  {
    'mq.platformOnly':
      'A message relation applies to every tenant: only the platform administrator can change it',
    'mq.notGivenUp': 'Only messages that were given up can be redelivered: {ids}',
  },
);
