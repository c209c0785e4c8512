/**
 * Payload URLs come from other users: only http(s), blob (our own uploads in flight) and same-origin paths
 * may reach an href or src, so a 'javascript:' address can never run.
 */
export function safeUrl(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url) return undefined;
  if (/^(https?:|blob:)/i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return undefined;
}
