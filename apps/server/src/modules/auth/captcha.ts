import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/index.js';
import { importPackage } from '../../platform/packages.js';

export const CAPTCHA_LENGTH = 5;
export const CAPTCHA_TTL_MINUTES = 30;

/** A new captcha: its key and the image as a data URL. The code is kept server-side only. */
export async function createCaptcha(db: Db): Promise<{ key: string; image: string }> {
  // svg-captcha parses its font when loaded: loaded on first use: it is heavy, and a start should not pay for it (docs/architecture.md "Start").
  const { default: svgCaptcha } = await importPackage<{ default: typeof import('svg-captcha') }>(
    'svg-captcha',
  );
  const c = svgCaptcha.create({
    size: CAPTCHA_LENGTH,
    noise: 2,
    ignoreChars: '0oO1ilI',
    color: true,
    width: 120,
    height: 40,
    // svg-captcha's default 56 px glyphs are drawn for a 50 px image: in 40 px their lower part fell
    // outside the picture (the code was half hidden). At 36 px every glyph stays inside.
    fontSize: 36,
  });
  const key = randomUUID().replace(/-/g, '');
  // Expired captchas are purged on the way, so the table never grows.
  await db.query('DELETE FROM auth_captcha WHERE expires_at < now()');
  await db.query(
    `INSERT INTO auth_captcha (key, code, expires_at) VALUES ($1, $2, now() + interval '${CAPTCHA_TTL_MINUTES} minutes')`,
    [key, c.text.toLowerCase()],
  );
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
}

/** True when key and code match an unexpired captcha. A captcha works once, right or wrong. */
export async function consumeCaptcha(db: Db, key: string, code: string): Promise<boolean> {
  const row = await db.one<{ code: string; live: boolean }>(
    'DELETE FROM auth_captcha WHERE key = $1 RETURNING code, expires_at > now() AS live',
    [key],
  );
  return Boolean(row && row.live && row.code === code.trim().toLowerCase());
}
