import type { Migration } from '../../platform/db/index.js';

export const paramMigrations: Migration[] = [
  {
    id: '0001_param_public',
    // Any signed-in user may read a parameter by key only when it is flagged public (1); the rest need the
    // param permission. Existing parameters stay private: nothing the web shell reads before that permission
    // is stored as a parameter.
    sql: `ALTER TABLE blade_param ADD COLUMN is_public integer NOT NULL DEFAULT 0;`,
  },
];
