import { http } from '../http';

let cached: Promise<string> | undefined;

/** The server's SM2 public key (cipher mode 1 = C1C3C2), fetched once per page load. */
export const publicKey = () =>
  (cached ??= http
    .get<{ publicKey: string }>('/api/blade-auth/oauth/public-key', { noToken: true })
    .then((d) => d.publicKey)
    .catch((e) => {
      cached = undefined;
      throw e;
    }));

/** Passwords never leave the browser in clear: SM2-encrypt them with the server's key. */
export const encryptPassword = async (plain: string) => {
  // sm-crypto is loaded only when a password is about to be sent.
  const [{ sm2 }, key] = await Promise.all([import('sm-crypto'), publicKey()]);
  return sm2.doEncrypt(plain, key, 1);
};
