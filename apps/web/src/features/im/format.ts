import dayjs from 'dayjs';

/** Spec §9: unread counts show 99+ beyond 99. */
export const UNREAD_CAP = 99;
export const capUnread = (n: number) => (n > UNREAD_CAP ? `${UNREAD_CAP}+` : String(n));

/** Spec §9: the file size display switches at 1024 bytes to KB (and at 1024 KB to MB, for readability). */
export function fileSize(bytes: number | undefined): string {
  const b = Math.max(0, Number(bytes) || 0);
  if (b < 1024) return `${b} B`;
  if (b < 1024 * 1024) return `${(b / 1024).toFixed(2)} KB`;
  return `${(b / 1024 / 1024).toFixed(2)} MB`;
}

export { initials } from '@/shared/avatar';

/** Message time (seconds, spec §9): the clock today, the date otherwise. */
export function messageTime(seconds: number, now = Date.now()): string {
  const t = dayjs(seconds * 1000);
  const n = dayjs(now);
  if (t.isSame(n, 'day')) return t.format('HH:mm:ss');
  if (t.isSame(n, 'year')) return t.format('MM-DD HH:mm');
  return t.format('YYYY-MM-DD HH:mm');
}

/** The time shown in the conversation list: short. */
export function listTime(seconds: number | undefined, now = Date.now()): string {
  if (!seconds) return '';
  const t = dayjs(seconds * 1000);
  const n = dayjs(now);
  if (t.isSame(n, 'day')) return t.format('HH:mm');
  if (t.isSame(n, 'year')) return t.format('MM-DD');
  return t.format('YYYY-MM-DD');
}

/** Call length in m:ss. */
export const duration = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
