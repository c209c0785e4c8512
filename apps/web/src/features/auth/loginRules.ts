export type LoginField = 'tenantId' | 'username' | 'password' | 'code';
export type LoginValues = Record<LoginField, string>;

/**
 * Each field's check: the key of the message it fails with, or undefined. The rules antd's form had on
 * this page: every field is required, and an account of spaces is no account; a password of spaces is
 * left for the server to refuse, as it may be one.
 */
export const loginRules: Record<LoginField, (value: string) => string | undefined> = {
  tenantId: (v) => (v === '' ? 'login.tenantRequired' : undefined),
  username: (v) => (v.trim() === '' ? 'login.accountRequired' : undefined),
  password: (v) => (v === '' ? 'login.passwordRequired' : undefined),
  code: (v) => (v === '' ? 'login.captchaRequired' : undefined),
};
