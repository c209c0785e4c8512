import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  {
    'notice.blankContent': '模板内容不能为空',
    'notice.blankName': '模板名称不能为空',
    'notice.needsCode': '模板内容必须包含 {placeholder}，验证码会填在那里',
    'notice.unknownPlaceholder': '不认识的占位符 {name}，可用的有：{allowed}',
    'notice.duplicateCode': '模板 {code} 已存在，请编辑它',
  },
  {
    'notice.blankContent': 'The template text cannot be empty',
    'notice.blankName': 'The template name cannot be empty',
    'notice.needsCode': 'The template text must contain {placeholder}, where the code goes',
    'notice.unknownPlaceholder': 'Unknown placeholder {name}; the ones filled in are: {allowed}',
    'notice.duplicateCode': 'A template {code} already exists; edit it instead',
  },
);
