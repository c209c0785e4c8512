/** Validation rules of spec §5, shared by the server and the web. Each answers a message key or null. */

export type MobileProblem = 'mobile.empty' | 'mobile.length' | 'mobile.pattern';

/** Mobile number: 11 digits starting with 1. */
export function checkMobile(value: string | null | undefined): MobileProblem | null {
  const v = (value ?? '').trim();
  if (!v) return 'mobile.empty';
  if (!/^\d{11}$/.test(v)) return 'mobile.length';
  if (!/^1\d{10}$/.test(v)) return 'mobile.pattern';
  return null;
}

/**
 * Spec §5 URL check, the one for every URL that is stored or opened: `http://` or `https://` (any case)
 * and then no whitespace. `javascript:`, `data:` and the like never pass. A string, so the server's
 * TypeBox schemas take it as a `pattern` (the error then names the field) and the web's rules use isUrl.
 */
export const URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://\\S+$';

/**
 * A path on this site, as the server answers for its own uploads (`/files/...` with the default CDN
 * base). A second slash or a backslash after the first would make browsers read a host.
 */
export const SITE_PATH_PATTERN = '^/(?![/\\\\])\\S*$';

/** An http(s) URL or a path of this site: fields that may hold what an upload of ours answered. */
export const URL_OR_SITE_PATH_PATTERN = `${URL_PATTERN}|${SITE_PATH_PATTERN}`;

const URL_RE = new RegExp(URL_PATTERN);
const SITE_PATH_RE = new RegExp(SITE_PATH_PATTERN);

/** URL check (spec §5): starts with http:// or https://. */
export const isUrl = (value: string | null | undefined) => URL_RE.test(value ?? '');

/** An http(s) URL or a path of this site (see SITE_PATH_PATTERN). */
export const isUrlOrSitePath = (value: string | null | undefined) =>
  URL_RE.test(value ?? '') || SITE_PATH_RE.test(value ?? '');

/** Up to `integers` integer digits without a leading zero, and up to `decimals` decimals. */
export function numberPattern(integers: number, decimals: number): RegExp {
  const int = integers <= 1 ? '\\d' : `(0|[1-9]\\d{0,${integers - 1}})`;
  return new RegExp(`^${int}${decimals > 0 ? `(\\.\\d{1,${decimals}})?` : ''}$`);
}

/** 1 to 8 digits plus up to 2 decimals (amounts). */
export const AMOUNT_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;
