/** The sample's texts in the shell's two languages. */
export const TEXTS = {
  zh: {
    title: '示例微应用',
    intro: '这个子应用由工作台通过 qiankun 加载，使用工作台传入的登录凭证调用接口。',
    loading: '正在获取用户信息…',
    signedInAs: '当前用户',
    account: '账号',
    tenant: '租户',
    dept: '部门',
    role: '角色',
    refresh: '重新获取',
    failed: '获取用户信息失败：{reason}',
    noSession: '请先登录工作台，再从菜单打开本应用。',
    network: '网络错误',
  },
  en: {
    title: 'Sample micro-app',
    intro:
      'This sub-application is loaded by the shell through qiankun and calls the API with the credentials the shell passes in.',
    loading: 'Fetching user info…',
    signedInAs: 'Signed in as',
    account: 'Account',
    tenant: 'Tenant',
    dept: 'Department',
    role: 'Role',
    refresh: 'Fetch again',
    failed: 'Could not fetch the user info: {reason}',
    noSession: 'Sign in to the shell first, then open this app from its menu.',
    network: 'network error',
  },
} as const;

export type Lang = keyof typeof TEXTS;
export type TextKey = keyof (typeof TEXTS)['en'];
