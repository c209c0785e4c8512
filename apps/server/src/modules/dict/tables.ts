import type { Migration } from '../../platform/db/index.js';
import { versionedLists } from '../../platform/list-cache.js';

export const dictMigrations: Migration[] = [
  {
    id: '0001_dict_value_en',
    // Dictionary values are shown to users in both languages: the English value sits beside the Chinese one.
    sql: `
ALTER TABLE blade_dict ADD COLUMN dict_value_en varchar(255);
ALTER TABLE blade_dict_biz ADD COLUMN dict_value_en varchar(255);
`,
  },
  {
    id: '0002_entry_paging',
    // Entries are paged by parent in sort order: an index in that order keeps deep pages and counts cheap.
    sql: `
CREATE INDEX blade_dict_children ON blade_dict (parent_id, sort, id) WHERE is_deleted = 0;
CREATE INDEX blade_dict_biz_children ON blade_dict_biz (parent_id, sort, id) WHERE is_deleted = 0;
`,
  },
  {
    id: '0003_list_versions',
    // A search of a dictionary's entries is kept between requests while neither table changes
    // (platform/list-cache.ts): dictionaries are read on every desk and written by an administrator.
    sql: versionedLists(['blade_dict', 'blade_dict_biz']),
  },
];
