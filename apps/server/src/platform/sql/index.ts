/** The typed query layer: see docs/architecture.md, "Queries". */
export { all, first, exec, prepared, camelKeys, anyId } from './kysely.js';
export {
  scoped,
  allTenants,
  globalDb,
  tenantTables,
  isTenantTable,
  hasSoftDelete,
  type Scoped,
  type TenantScope,
  type TenantTable,
  type GlobalTable,
  type GlobalDB,
  type ScopeOptions,
} from './tenant.js';
export { tableColumns, type DB } from './schema.gen.js';
export {
  sql,
  type Selectable,
  type Insertable,
  type Updateable,
  type Expression,
  type SqlBool,
} from 'kysely';
