import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import { AppError, bad } from '../../platform/errors.js';
import type { SyncMenu } from './sync.js';

/** The header that carries the sync token (never a query parameter, so it stays out of access logs). */
export const SYNC_TOKEN_HEADER = 'blade-sync-token';
export const EXPORT_PATH = '/api/blade-system/menu/sync/export';
const TIMEOUT_MS = 10_000;

/** Compares the presented token with the configured one in constant time. */
export function tokenMatches(expected: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(presented).digest();
  return timingSafeEqual(a, b);
}

/**
 * The remote Forecourt this node pulls menus from. It reads the remote's export endpoint with a dedicated
 * token (read-only, menus only) rather than signing in as a person: the remote may require a captcha for
 * password sign-in, and no administrator password has to be stored here.
 */
export class RemoteMenus {
  constructor(
    readonly url: string,
    private readonly token: string,
  ) {}

  private async get(query: Record<string, string>): Promise<SyncMenu[]> {
    const url = `${this.url}${EXPORT_PATH}?${new URLSearchParams(query)}`;
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { [SYNC_TOKEN_HEADER]: this.token, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
    } catch {
      // The cause (DNS, refused, timeout) is not shown: the address is what the administrator can fix.
      throw bad('menu.sync.unreachable', { url: this.url });
    }
    if (res.status === 401) throw bad('menu.sync.badToken', { url: this.url });
    if (res.status === 403) throw bad('menu.sync.exportOff', { url: this.url });
    let body: { code?: number; data?: { records?: unknown } } | undefined;
    try {
      body = (await res.json()) as typeof body;
    } catch {
      body = undefined;
    }
    const records = body?.data?.records;
    if (!res.ok || body?.code !== 200 || !Array.isArray(records) || !records.every(isSyncMenu))
      throw bad('menu.sync.badAnswer', { url: this.url });
    return records;
  }

  /** One level of the remote tree. */
  children(parentId: string): Promise<SyncMenu[]> {
    return this.get({ parentId });
  }

  /** Remote menus with all their descendants, parents first. */
  subtrees(ids: string[]): Promise<SyncMenu[]> {
    return this.get({ ids: ids.join(',') });
  }
}

const isSyncMenu = (v: unknown): v is SyncMenu => {
  const m = v as Partial<SyncMenu> | null;
  return (
    !!m &&
    typeof m.id === 'string' &&
    typeof m.code === 'string' &&
    m.code.length > 0 &&
    typeof m.name === 'string' &&
    (m.parentCode === null || typeof m.parentCode === 'string') &&
    (m.category === 1 || m.category === 2)
  );
};

/** The configured remote, or a 400 naming what is missing. */
export function remoteOf(config: Pick<Config, 'MENU_SYNC_URL' | 'MENU_SYNC_TOKEN'>): RemoteMenus {
  const missing = [
    config.MENU_SYNC_URL ? null : 'MENU_SYNC_URL',
    config.MENU_SYNC_TOKEN ? null : 'MENU_SYNC_TOKEN',
  ].filter(Boolean);
  if (missing.length) throw bad('menu.sync.notConfigured', { missing: missing.join(', ') });
  return new RemoteMenus(config.MENU_SYNC_URL!.replace(/\/+$/, ''), config.MENU_SYNC_TOKEN!);
}

/** Checks the token of an export request: export off → 403, wrong or missing token → 401. */
export function checkExportToken(config: Pick<Config, 'MENU_EXPORT_TOKEN'>, presented: unknown) {
  if (!config.MENU_EXPORT_TOKEN) throw new AppError(403, 'menu.sync.exportDisabled');
  if (!tokenMatches(config.MENU_EXPORT_TOKEN, typeof presented === 'string' ? presented : undefined))
    throw new AppError(401, 'menu.sync.tokenInvalid');
}
