import { ERROR_CODE, type IMError } from './types.js';

export type Lang = 'zh' | 'en';

/** Texts of the errors the SDK raises itself (the server's come translated already). */
const TEXTS = {
  notLoggedIn: { zh: '未登录或已下线，请重新登录', en: 'not logged in, please log in again' },
  network: { zh: '网络连接已断开，请稍后再试', en: 'the connection dropped, try again later' },
  timeout: { zh: '服务器响应超时，请稍后再试', en: 'the chat server did not answer in time' },
  emptyText: { zh: '不能发送空消息', en: 'cannot send an empty message' },
  textTooLong: { zh: '消息文本不能超过 12 KB', en: 'the message text cannot exceed 12 KB' },
  fileTooLarge: { zh: '{kind}不能超过 {limit}', en: 'the {kind} cannot exceed {limit}' },
  noFile: { zh: '请选择要发送的文件', en: 'no file to upload, please select one' },
  uploadFailed: { zh: '上传失败，请稍后再试', en: 'upload failed, try again later' },
  'kind.image': { zh: '图片', en: 'image' },
  'kind.file': { zh: '文件', en: 'file' },
  'kind.sound': { zh: '语音', en: 'voice message' },
  'kind.video': { zh: '视频', en: 'video' },
} as const;
export type TextKey = keyof typeof TEXTS;

export function say(lang: Lang, key: TextKey, params: Record<string, string | number> = {}): string {
  return TEXTS[key][lang].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}

export function imError(code: number, message: string, data?: Record<string, unknown>): IMError {
  const e = new Error(message) as IMError;
  e.code = code;
  if (data) e.data = data;
  return e;
}

export const networkError = (lang: Lang = 'zh') => imError(ERROR_CODE.NETWORK, say(lang, 'network'));
export const timeoutError = (lang: Lang = 'zh') => imError(ERROR_CODE.TIMEOUT, say(lang, 'timeout'));
export const notLoggedIn = (lang: Lang = 'zh') => imError(ERROR_CODE.NOT_LOGGED_IN, say(lang, 'notLoggedIn'));
