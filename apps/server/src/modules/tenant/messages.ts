import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  {
    'tenant.platformOnly': '只有平台管理员可以执行该操作',
    'tenant.keepPlatform': '平台租户 000000 不能删除',
    'tenant.created': '租户 {tenantId} 已创建，管理员账号 admin 的初始密码只显示这一次',
    'tenant.nameTaken': '租户名称 {name} 已存在',
    'tenant.brandingPlatformOnly': '只有平台管理员可以修改租户的域名和背景图',
    'tenant.domainTaken': '域名 {domain} 已被其他租户使用',
  },
  {
    'tenant.platformOnly': 'Only the platform administrator may do this',
    'tenant.keepPlatform': 'The platform tenant 000000 cannot be removed',
    'tenant.created':
      'Tenant {tenantId} created; the initial password of its admin account is shown only this once',
    'tenant.nameTaken': 'A tenant named {name} already exists',
    'tenant.brandingPlatformOnly':
      'Only the platform administrator may change the domain and the background image of a tenant',
    'tenant.domainTaken': 'The domain {domain} is already used by another tenant',
  },
);
