import type { Migration } from '../../platform/db/index.js';

export const dictMigrations: Migration[] = [
  {
    id: '0001_dict_value_en',
    // Dictionary values are shown to users in both languages: the English value sits beside the Chinese one.
    sql: `
ALTER TABLE blade_dict ADD COLUMN dict_value_en varchar(255);
ALTER TABLE blade_dict_biz ADD COLUMN dict_value_en varchar(255);
`,
  },
];
