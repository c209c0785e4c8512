import { Envelope, PageOf, type Page, type R } from '@forecourt/contracts';

/** The BladeX answer and the page shape are the contracts' (shared with the web). */
export type { Page, R };

/** msg is filled in the caller's language on the way out. */
export const ok = <T>(data: T, msg?: string): R<T> => ({ code: 200, success: true, data, msg });

/** Response schema of an envelope around `data` (for OpenAPI and fast serialisation). */
export const envelope = Envelope;

export const pageSchema = PageOf;
