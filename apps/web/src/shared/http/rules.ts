/**
 * The error table of spec §8 as a pure function: what the client does with an answer.
 * Kept apart from axios so tests can walk every row.
 */
export interface Answer {
  status: number;
  data: unknown;
}

export type Outcome = { kind: 'ok' } | { kind: 'signOut' } | { kind: 'fail'; message: string | null };

export interface RuleTexts {
  busy: string;
  unknown: string;
}

/** Codes answered silently: the caller handles them itself. */
export const SILENT_CODES = new Set<number>([]);

export function judge(a: Answer, texts: RuleTexts, silentCodes: ReadonlySet<number> = SILENT_CODES): Outcome {
  const body = (a.data ?? {}) as { code?: unknown; msg?: unknown; error_description?: unknown };
  const code = typeof body.code === 'number' ? body.code : a.status;
  if (code === 401 || a.status === 401) return { kind: 'signOut' };
  if (a.status === 404 || code === 404) return { kind: 'fail', message: texts.busy };
  if (code === 200 && a.status >= 200 && a.status < 300) return { kind: 'ok' };
  // The token endpoint answers unwrapped: a 200 without a code is a success there.
  if (a.status === 200 && body.code === undefined && body.error_description === undefined)
    return { kind: 'ok' };
  if (silentCodes.has(code)) return { kind: 'fail', message: null };
  const msg =
    typeof body.msg === 'string' && body.msg
      ? body.msg
      : typeof body.error_description === 'string' && body.error_description
        ? body.error_description
        : texts.unknown;
  return { kind: 'fail', message: msg };
}
