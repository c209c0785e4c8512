import { Type, type Static } from 'typebox';
import { Envelope } from './common.js';

/** The user as the shell sees it: the token answer and user-info share these fields. */
const profileFields = {
  tenant_id: Type.String(),
  user_id: Type.String(),
  account: Type.String(),
  user_name: Type.String(),
  nick_name: Type.String(),
  real_name: Type.String(),
  /** Role aliases, comma-separated. */
  role_name: Type.String(),
  role_id: Type.String(),
  dept_id: Type.String(),
  dept_name: Type.String(),
  avatar: Type.String(),
  emp_no: Type.String(),
  phone: Type.String(),
  oauth_id: Type.String(),
};

/** The answer of POST /blade-auth/oauth/token (OAuth, so no envelope). */
export const TokenAnswer = Type.Object({
  ...profileFields,
  access_token: Type.String(),
  refresh_token: Type.String(),
  token_type: Type.String(),
  expires_in: Type.Integer(),
  license: Type.String(),
});
export type TokenAnswer = Static<typeof TokenAnswer>;

const accountFields = {
  ...profileFields,
  email: Type.String(),
  sex: Type.Integer(),
  brand_names: Type.Array(Type.String()),
  password_initial: Type.Boolean(),
};
/** The signed-in user's profile as the server loads it (user-info adds the roles and the client). */
export const UserProfile = Type.Object(accountFields);
export type UserProfile = Static<typeof UserProfile>;

/** GET /blade-auth/oauth/user-info. */
export const UserInfo = Type.Object({
  ...accountFields,
  /** Role aliases. */
  roles: Type.Array(Type.String()),
  client_id: Type.String(),
});
export type UserInfo = Static<typeof UserInfo>;
export const UserInfoAnswer = Envelope(UserInfo);

export const PublicKey = Type.Object({ publicKey: Type.String(), cipherMode: Type.Integer() });
export type PublicKey = Static<typeof PublicKey>;

export const Captcha = Type.Object({ key: Type.String(), image: Type.String(), enabled: Type.Boolean() });
export type Captcha = Static<typeof Captcha>;
