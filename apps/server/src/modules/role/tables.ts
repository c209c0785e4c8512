import type { Migration } from '../../platform/db/index.js';

export const roleMigrations: Migration[] = [
  {
    id: '0001_role_rank',
    // Who may act on whom (platform/auth/rank.ts): the existing roles get the rank of their alias; NULL (rows
    // written by code that does not set it) also means "the alias's rank", and the administrator's is fixed in code.
    sql: `
ALTER TABLE blade_role ADD COLUMN role_rank integer;
UPDATE blade_role SET role_rank = CASE role_alias WHEN 'administrator' THEN 100 WHEN 'admin' THEN 80 ELSE 10 END;
`,
  },
];
