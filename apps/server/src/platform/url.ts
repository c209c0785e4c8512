import { Type } from 'typebox';
import { URL_OR_SITE_PATH_PATTERN, URL_PATTERN } from '@forecourt/contracts';
import { registerMessages } from './i18n.js';

const BLANK = '^$';

/**
 * A stored URL field (spec §5): the pattern of @forecourt/contracts, the same check the web's forms run.
 * `blank`: '' is allowed where the route reads it as "no value" or "clear it". `sitePath`: a path of this
 * site also passes, for fields that may hold what one of our uploads answered (`/files/...`).
 */
export function urlString(maxLength: number, opts: { blank?: boolean; sitePath?: boolean } = {}) {
  const pattern = opts.sitePath ? URL_OR_SITE_PATH_PATTERN : URL_PATTERN;
  return Type.String({ maxLength, pattern: opts.blank ? `${BLANK}|${pattern}` : pattern });
}

/** The message key for a failed pattern that is one of the URL checks, so the answer says what is wanted. */
export function urlPatternMessage(pattern: unknown): string | undefined {
  const p =
    typeof pattern === 'string' && pattern.startsWith(`${BLANK}|`)
      ? pattern.slice(BLANK.length + 1)
      : pattern;
  if (p === URL_PATTERN) return 'validation.url';
  if (p === URL_OR_SITE_PATH_PATTERN) return 'validation.urlOrPath';
  return undefined;
}

registerMessages(
  {
    'validation.url': '字段 {field} 应为以 http:// 或 https:// 开头的网址',
    'validation.urlOrPath': '字段 {field} 应为以 http:// 或 https:// 开头的网址，或本站的文件路径',
  },
  {
    'validation.url': 'Field {field} must be a URL starting with http:// or https://',
    'validation.urlOrPath':
      'Field {field} must be a URL starting with http:// or https://, or a path of this site',
  },
);
