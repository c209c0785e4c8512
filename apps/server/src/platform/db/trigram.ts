/**
 * The part of a list-index migration that makes trigram indexes for `LIKE '%v%'` searches: only where the
 * server offers pg_trgm (PGlite does not, so its searches scan), and a role that may not create the
 * extension gets a notice, not a failed start. The text is part of the migration's checksum: keep it stable.
 */
export function trigramIndexes(indexes: readonly string[]): string {
  return `-- Trigram indexes serve the lists' LIKE '%v%' searches, where the server has pg_trgm (PGlite does not load
-- it, so searches scan there; a role that may not create the extension gets a notice, not a failed start).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
${indexes.map((i) => `    ${i}\n`).join('')}  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm not created (%): list searches scan', SQLERRM;
END $$;
`;
}
