/** A sales rule refused something: a message key (sales/messages.ts) and its parameters, for the caller to translate. */
export class SalesRuleError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'SalesRuleError';
  }
}
