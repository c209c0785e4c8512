import { registerMessages } from '../../platform/i18n.js';

registerMessages(
  {
    'storage.badKey': '文件名 {key} 不合法：应为时间戳加扩展名，不能包含路径',
    'storage.badType': '不支持的上传类型 {type}',
    'storage.extNotAllowed': '不允许上传 .{ext} 文件',
    'storage.tokenInvalid': '上传凭证无效，请重新获取',
    'storage.tokenExpired': '上传凭证已过期，请重新获取',
    'storage.tokenKey': '上传凭证与文件名 {key} 不符',
    'storage.tokenUsed': '上传凭证已经用过，请重新获取',
    'storage.keyExists': '文件 {key} 已存在，不能覆盖，请换一个文件名上传',
    'storage.noFile': '没有收到文件',
    'storage.tooLarge': '文件超过 {limit} 的上限',
    'storage.contentMismatch': '文件内容与扩展名 .{ext} 不符',
    'storage.notFound': '文件不存在',
  },
  {
    'storage.badKey': 'The file name {key} is not valid: a timestamp and an extension, no path',
    'storage.badType': 'Unsupported upload type {type}',
    'storage.extNotAllowed': '.{ext} files may not be uploaded here',
    'storage.tokenInvalid': 'The upload token is not valid, please get a new one',
    'storage.tokenExpired': 'The upload token has expired, please get a new one',
    'storage.tokenKey': 'The upload token does not belong to the file name {key}',
    'storage.tokenUsed': 'The upload token has already been used, please get a new one',
    'storage.keyExists':
      'A file named {key} already exists and cannot be replaced; upload it under a new name',
    'storage.noFile': 'No file was received',
    'storage.tooLarge': 'The file is larger than the limit of {limit}',
    'storage.contentMismatch': 'The content of the file does not match its extension .{ext}',
    'storage.notFound': 'No such file',
  },
);
