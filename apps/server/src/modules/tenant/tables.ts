import type { Migration } from '../../platform/db/index.js';

export const tenantMigrations: Migration[] = [
  {
    // The sign-in page finds its tenant by domain, so a domain may belong to one live tenant only; the
    // unique index decides even when two submits race. Existing values are stored the way the lookup
    // compares them (trimmed, lower case, blank = none). A domain held by several live tenants is taken
    // from all of them: nothing tells the owner from a copy (a takeover may come from the older tenant),
    // and a tenant without a domain still signs in with the tenant field shown, until the platform
    // administrator sets the domain again.
    id: '0001_domain_unique',
    sql: `
UPDATE blade_tenant SET domain = NULLIF(lower(btrim(domain)), '') WHERE domain IS NOT NULL;
UPDATE blade_tenant t SET domain = NULL
 WHERE t.is_deleted = 0 AND t.domain IS NOT NULL
   AND EXISTS (SELECT 1 FROM blade_tenant o WHERE o.is_deleted = 0 AND o.domain = t.domain AND o.id <> t.id);
DROP INDEX IF EXISTS blade_tenant_domain;
CREATE UNIQUE INDEX blade_tenant_domain_unique ON blade_tenant (lower(domain)) WHERE is_deleted = 0 AND domain IS NOT NULL;
`,
  },
];
