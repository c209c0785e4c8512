import fc from 'fast-check';
import { sm2 } from 'sm-crypto';
import { describe, expect, it } from 'vitest';
import { OAuthError } from '../../platform/errors.js';
import { decryptPassword, generateSm2Keys, PasswordCipherError, sm2Decrypt } from './sm2.js';

// The web shell and the bench encrypt with sm-crypto (mode 1 = C1C3C2, C1 without its 04): what they
// send must decrypt here exactly as sm-crypto's own doDecrypt would.
const keys = generateSm2Keys();
const encrypt = (plain: string, publicKey = keys.publicKey) => sm2.doEncrypt(plain, publicKey, 1);
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof OAuthError || e instanceof PasswordCipherError ? e.key : `unexpected ${String(e)}`;
  }
  return 'accepted';
};
/** Flips one bit of the hex digit at `at`. */
const flip = (hex: string, at: number) =>
  hex.slice(0, at) + (parseInt(hex[at]!, 16) ^ 1).toString(16) + hex.slice(at + 1);

describe('SM2 password decryption (node:crypto)', () => {
  it('makes key pairs in sm-crypto’s forms, which sm-crypto encrypts to and decrypts with', () => {
    expect(keys.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    expect(keys.privateKey).toMatch(/^[0-9a-f]{64}$/);
    expect(sm2.doDecrypt(encrypt('Admin#2026'), keys.privateKey, 1)).toBe('Admin#2026');
  });

  it('decrypts what sm-crypto encrypts, any text, with and without the 04 of C1', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }), (plain) => {
        const cipher = encrypt(plain);
        expect(decryptPassword(keys, cipher)).toBe(plain);
        expect(decryptPassword(keys, `04${cipher}`)).toBe(plain);
        expect(decryptPassword(keys, cipher.toUpperCase())).toBe(plain);
      }),
      { numRuns: 40 },
    );
  });

  it('decrypts passwords longer than one SM3 block of key stream (32 bytes)', () => {
    for (const plain of ['x'.repeat(31), 'x'.repeat(32), 'x'.repeat(33), '密'.repeat(100)])
      expect(decryptPassword(keys, encrypt(plain))).toBe(plain);
  });

  it('refuses a ciphertext altered anywhere: C1, C3 or C2', () => {
    const cipher = encrypt('Admin#2026');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: cipher.length - 1 }), (at) => {
        expect(refusal(() => decryptPassword(keys, flip(cipher, at)))).toBe('auth.passwordUndecryptable');
      }),
      { numRuns: 120 },
    );
    // One place in each part, whatever the random draw.
    for (const at of [5, 130, 200])
      expect(refusal(() => decryptPassword(keys, flip(cipher, at)))).toBe('auth.passwordUndecryptable');
  });

  it('refuses a ciphertext made for another key', () => {
    const other = generateSm2Keys();
    expect(refusal(() => decryptPassword(keys, encrypt('Admin#2026', other.publicKey)))).toBe(
      'auth.passwordUndecryptable',
    );
  });

  it('refuses plain text and malformed hex before trying to decrypt', () => {
    for (const bad of ['Admin#2026', 'zz'.repeat(100), '0'.repeat(193), 'ab'.repeat(96)])
      expect(refusal(() => decryptPassword(keys, bad))).toBe('auth.passwordNotEncrypted');
    // Enveloped routes get their own error type with the same key.
    expect(() => decryptPassword(keys, 'Admin#2026', false)).toThrow(PasswordCipherError);
  });

  it('refuses a C1 that is no point of the curve, and a plain text that is not UTF-8', () => {
    const cipher = Buffer.from(encrypt('Admin#2026'), 'hex');
    const offCurve = Buffer.from(cipher);
    offCurve.fill(1, 0, 64);
    expect(sm2Decrypt(keys, offCurve)).toBeUndefined();
    expect(sm2Decrypt(keys, cipher)).toBe('Admin#2026');
    // sm-crypto encrypts bytes as given: 0xff is never UTF-8, and sm-crypto's decrypt refused it too.
    const notUtf8 = sm2.doEncrypt([0x41, 0xff, 0x42], keys.publicKey, 1);
    expect(sm2Decrypt(keys, Buffer.from(notUtf8, 'hex'))).toBeUndefined();
  });
});
