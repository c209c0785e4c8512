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
    'dict.duplicateKey': 'dictionary {code} already has the key {key}',
    'dict.duplicateCode': 'a dictionary with code {code} already exists',
    'dict.parentMissing': 'the parent dictionary does not exist',
    'dict.platformOnly': 'system dictionaries can only be changed by the platform administrator',
    'dict.refreshed': 'dictionary cache refreshed',
  },
);
