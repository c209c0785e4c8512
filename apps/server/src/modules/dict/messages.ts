import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  {
    'dict.duplicateKey': '字典 {code} 中已存在键值 {key}',
    'dict.duplicateCode': '字典编号 {code} 已存在',
    'dict.parentMissing': '上级字典不存在',
    'dict.platformOnly': '系统字典只能由平台管理员修改',
    'dict.refreshed': '字典缓存已刷新',
  },
  {
    'dict.duplicateKey': 'Dictionary {code} already has the key {key}',
    'dict.duplicateCode': 'A dictionary with code {code} already exists',
    'dict.parentMissing': 'The parent dictionary does not exist',
    'dict.platformOnly': 'System dictionaries can only be changed by the platform administrator',
    'dict.refreshed': 'Dictionary cache refreshed',
  },
);
