import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  {
    'content.codeTaken': '栏目编码「{code}」已存在',
    'content.parentMissing': '{field}：上级栏目不存在',
    'content.cycle': '{field}：栏目不能放在自己或自己的下级之下',
    'content.columnHasArticles': '栏目下还有文章，请先移走或删除文章',
    'content.columnMissing': '{field}：栏目不存在',
    'content.bodyEmpty': '{field}：正文不能为空',
    'content.bodyTooLarge': '{field}：正文过长（最多 {max} 字节）',
    'content.moveRefused': '文章状态不能从「{fromZh}」变为「{toZh}」',
  },
  {
    'content.codeTaken': 'The column code "{code}" already exists',
    'content.parentMissing': '{field}: the parent column does not exist',
    'content.cycle': '{field}: a column cannot sit under itself or under one of its own columns',
    'content.columnHasArticles': 'The column still holds articles; move or delete them first',
    'content.columnMissing': '{field}: the column does not exist',
    'content.bodyEmpty': '{field}: the body cannot be empty',
    'content.bodyTooLarge': '{field}: the body is too long (at most {max} bytes)',
    'content.moveRefused': 'The article cannot go from "{fromEn}" to "{toEn}"',
  },
);
