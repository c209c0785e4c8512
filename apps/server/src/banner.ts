import os from 'node:os';

const ANY = new Set(['0.0.0.0', '::', '']);

/**
 * The addresses a server bound to `host` answers on: for a wildcard host, every IPv4 address of this
 * machine's interfaces (loopback first), since 'localhost' alone hid that it was reachable from elsewhere;
 * for a named host, that host.
 */
export function listenUrls(
  host: string,
  port: number,
  interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
): string[] {
  const url = (h: string) => `http://${h.includes(':') ? `[${h}]` : h}:${port}/`;
  if (!ANY.has(host)) return [url(host)];
  const all = Object.values(interfaces)
    .flat()
    .filter((i): i is os.NetworkInterfaceInfo => Boolean(i) && i!.family === 'IPv4')
    .sort((a, b) => Number(b.internal) - Number(a.internal))
    .map((i) => url(i.address));
  return all.length ? [...new Set(all)] : [url('127.0.0.1')];
}

export interface BannerFacts {
  urls: string[];
  ms: number;
  database: string;
  /** Where the embedded database lives (none with DATABASE_URL). */
  dataDir?: string;
  workers?: number;
  /** Sign-in lines of passwords generated on this start. */
  credentials: string[];
  /** Whether DATA_DIR/initial-passwords.txt still holds a password nobody changed. */
  initialPasswordsKept: boolean;
  /** False: texts go to the development outbox. */
  smsGateway: boolean;
}

export function bannerText(f: BannerFacts): string {
  const [first, ...more] = f.urls;
  const where = `database: ${f.database}${f.dataDir ? ` in ${f.dataDir}` : ''}${f.workers ? `, ${f.workers} worker processes` : ''}`;
  const password = f.credentials.length
    ? ''
    : f.initialPasswordsKept
      ? ' (password: ADMIN_PASSWORD, or the one printed at the first start and kept in DATA_DIR/initial-passwords.txt)'
      : ' (password: ADMIN_PASSWORD, or the one you chose)';
  return (
    [
      '',
      `  Forecourt is running at ${first}  (ready in ${f.ms} ms, ${where})`,
      ...more.map((u) => `                      also at ${u}`),
      `  API docs: ${first}api/docs`,
      `  Sign in with tenant 000000 and account admin${password}`,
      ...f.credentials.map((c) => `  ${c}`),
      ...(f.smsGateway
        ? []
        : [
            '  No SMS gateway is configured: texts (sign-in and password codes) go to the development outbox,',
            '  which the platform administrator reads in the console under Monitoring > SMS outbox.',
          ]),
      '',
    ].join('\n') + '\n'
  );
}
