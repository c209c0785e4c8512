/**
 * True when `e` is PostgreSQL's unique violation (23505) of the named constraint or index. node-postgres
 * fills `constraint`; PGlite may leave it out, so the name is also looked for in the message.
 */
export function isUniqueViolation(e: unknown, constraint: string): boolean {
  const err = e as { code?: string; constraint?: string; message?: string } | null;
  return (
    err?.code === '23505' &&
    (err.constraint === constraint || Boolean(err.message?.includes(`"${constraint}"`)))
  );
}
