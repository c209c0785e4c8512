/** Server-side messages in the user's language (zh default; Accept-Language: en gives English). */
export type Lang = 'zh' | 'en';
export type Messages = Record<string, string>;

const catalog: Record<Lang, Messages> = { zh: {}, en: {} };

/** Each module registers its own messages; a key registered twice with another text is a bug. */
export function registerMessages(zh: Messages, en: Messages) {
  for (const [lang, msgs] of [['zh', zh] as const, ['en', en] as const]) {
    for (const [k, v] of Object.entries(msgs)) {
      const have = catalog[lang][k];
      if (have !== undefined && have !== v)
        throw new Error(`message ${k} registered twice with different ${lang} text`);
      catalog[lang][k] = v;
    }
  }
}

export function langOf(acceptLanguage: string | string[] | undefined): Lang {
  const v = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  return v && /^\s*en\b/i.test(v) ? 'en' : 'zh';
}

/** Translates a key; {name} placeholders are filled from params. Unknown keys come back as themselves. */
export function t(lang: Lang, key: string, params?: Record<string, unknown>): string {
  const text = catalog[lang][key] ?? catalog.zh[key] ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (m, p: string) => (p in params ? String(params[p]) : m)) : text;
}

export function hasMessage(key: string) {
  return key in catalog.zh;
}

registerMessages(
  {
    'common.success': '操作成功',
    'common.failure': '操作失败',
    'common.unauthorized': '请求未授权，请重新登录',
    'common.tokenInvalid': '令牌无效或已过期，请重新登录',
    'common.forbidden': '没有权限执行该操作',
    'common.notFound': '请求的资源不存在',
    'common.routeNotFound': '接口不存在: {url}',
    'common.serverError': '服务器开小差了，请稍后再试',
    'common.clientInvalid': '客户端认证失败',
    'common.otherTenant': '无权访问其他租户的数据',
    'common.rowNotFound': '数据不存在或已被删除',
    'common.hasChildren': '请先删除子节点',
    'common.tooManyRequests': '请求过于频繁，请稍后再试',
    'common.badSort': '不支持按 {field} 排序',
    'validation.required': '缺少必填字段 {field}',
    'validation.type': '字段 {field} 类型错误，应为 {type}',
    'validation.minLength': '字段 {field} 长度不能少于 {limit}',
    'validation.maxLength': '字段 {field} 长度不能超过 {limit}',
    'validation.minimum': '字段 {field} 不能小于 {limit}',
    'validation.maximum': '字段 {field} 不能大于 {limit}',
    'validation.pattern': '字段 {field} 格式不正确',
    'validation.enum': '字段 {field} 取值不正确，可选值: {values}',
    'validation.format': '字段 {field} 格式不正确',
    'validation.additional': '不支持的字段 {field}',
    'validation.invalid': '字段 {field} 不合法',
    'validation.body': '请求体格式不正确',
    'validation.nul': '字段 {field} 含有不允许的空字符 (NUL)',
  },
  {
    'common.success': 'Success',
    'common.failure': 'Operation failed',
    'common.unauthorized': 'Request not authorised, please sign in again',
    'common.tokenInvalid': 'Token invalid or expired, please sign in again',
    'common.forbidden': 'You do not have permission to do this',
    'common.notFound': 'The requested resource does not exist',
    'common.routeNotFound': 'No such API: {url}',
    'common.serverError': 'Something went wrong on the server, please try again later',
    'common.clientInvalid': 'Client authentication failed',
    'common.otherTenant': 'Rows of another tenant cannot be accessed',
    'common.rowNotFound': 'The record does not exist or was deleted',
    'common.hasChildren': 'Remove the child nodes first',
    'common.tooManyRequests': 'Too many requests, please try again later',
    'common.badSort': 'Cannot sort by {field}',
    'validation.required': 'Missing required field {field}',
    'validation.type': 'Field {field} must be of type {type}',
    'validation.minLength': 'Field {field} must be at least {limit} characters',
    'validation.maxLength': 'Field {field} must be at most {limit} characters',
    'validation.minimum': 'Field {field} must be at least {limit}',
    'validation.maximum': 'Field {field} must be at most {limit}',
    'validation.pattern': 'Field {field} has the wrong format',
    'validation.enum': 'Field {field} must be one of: {values}',
    'validation.format': 'Field {field} has the wrong format',
    'validation.additional': 'Unsupported field {field}',
    'validation.invalid': 'Field {field} is invalid',
    'validation.body': 'The request body is malformed',
    'validation.nul': 'Field {field} contains a NUL character, which is not allowed',
  },
);
