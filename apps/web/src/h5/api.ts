import type { CustomerProfile, StaffCard } from '@forecourt/contracts';
import { judge } from '@/shared/http/rules';
import { i18n } from './i18n';

/** The OAuth client of our web pages: every /api call names it (spec §6). */
const CLIENT_BASIC_CREDENTIAL = `Basic ${btoa('saber:saber_secret')}`;

/** A failed call: the message is what the customer reads (server msg, or the spec §8 fallbacks). */
export class H5Error extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

let token: () => string | undefined = () => undefined;
let onSignedOut: () => void = () => {};
/** The session plugs itself in (no import cycle). */
export const bindH5Session = (s: { token: () => string | undefined; signedOut: () => void }) => {
  token = s.token;
  onSignedOut = s.signedOut;
};

interface CallConfig {
  url: string;
  method?: 'GET' | 'POST';
  params?: Record<string, string>;
  data?: unknown;
}

/** Spec §9: 40 s time-out. */
const TIMEOUT = 40_000;

/** Sends one call; resolves with the status and the parsed body (fetch keeps this page free of a client library). */
async function send(config: CallConfig, headers: Record<string, string>) {
  const query = config.params ? `?${new URLSearchParams(config.params).toString()}` : '';
  const res = await fetch(config.url + query, {
    method: config.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      ...(config.data === undefined ? {} : { 'Content-Type': 'application/json;charset=utf-8' }),
      ...headers,
    },
    body: config.data === undefined ? undefined : JSON.stringify(config.data),
    signal: AbortSignal.timeout(TIMEOUT),
  });
  // Spec §8: statuses 200–500 are judged by their body; anything else counts as a network failure.
  if (res.status < 200 || res.status > 500) throw new TypeError('network');
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? (JSON.parse(text) as unknown) : text;
  } catch {
    // not JSON: judged as an unknown error below
  }
  return { status: res.status, data };
}

/** The spec §8 rules: 401 ends the customer session, 404 is 'server is busy', else msg or 'unknown error'. */
async function call<T>(config: CallConfig): Promise<T> {
  const bearer = token();
  let res;
  try {
    res = await send(config, {
      Authorization: CLIENT_BASIC_CREDENTIAL,
      'Accept-Language': i18n.language === 'en' ? 'en' : 'zh-CN',
      ...(bearer ? { 'Blade-Auth': `bearer ${bearer}` } : {}),
    });
  } catch (e) {
    const timedOut = e instanceof DOMException && e.name === 'TimeoutError';
    throw new H5Error(i18n.t(timedOut ? 'h5.timeout' : 'h5.network'), 0);
  }
  const outcome = judge(res, { busy: i18n.t('h5.busy'), unknown: i18n.t('h5.unknown') });
  if (outcome.kind === 'signOut') {
    const msg = (res.data as { msg?: string } | undefined)?.msg;
    if (bearer) onSignedOut();
    throw new H5Error(msg || i18n.t('h5.sessionEnded'), 401);
  }
  if (outcome.kind === 'fail') {
    throw new H5Error(outcome.message ?? '', (res.data as { code?: number } | undefined)?.code ?? res.status);
  }
  return (res.data as { data: T }).data;
}

export type { CustomerProfile, StaffCard };

/** The customer's chat identity and ticket, and the staff member they may talk to (null: none yet). */
export interface ChatTicket {
  userID: string;
  userSig: string;
  staff: { userID: string; name: string; avatar: string | null } | null;
}

const base = '/api/blade-member/h5';

export const h5Api = {
  sendCode: (tenantId: string, phone: string) =>
    call<boolean>({ url: `${base}/sms-code`, params: { tenantId, phone } }),
  login: (tenantId: string, phone: string, code: string) =>
    call<{ accessToken: string; expiresIn: number; customer: CustomerProfile }>({
      url: `${base}/login`,
      method: 'POST',
      data: { tenantId, phone, code },
    }),
  me: () => call<CustomerProfile>({ url: `${base}/me` }),
  imSign: () => call<ChatTicket>({ url: `${base}/im-sign` }),
  logout: () => call<boolean>({ url: `${base}/logout`, method: 'POST', data: {} }),
};

// sales-inquiry: the customers' own inquiry form (user inquiries).
export interface Choice {
  value: string;
  label: string;
  children?: Choice[];
}
export const h5InquiryApi = {
  options: (tenantId: string) =>
    call<{ models: Choice[]; cities: Choice[] }>({ url: `${base}/inquiry-options`, params: { tenantId } }),
  submit: (body: {
    tenantId: string;
    name: string;
    phone: string;
    code: string;
    modelId: string | null;
    modelText: string;
    cityCode: string;
  }) => call<string>({ url: `${base}/inquiry`, method: 'POST', data: body }),
};
