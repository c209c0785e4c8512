/** Who is calling: taken from the verified access token, passed to every rule that reads or writes rows. */
export interface Scope {
  tenantId: string;
  userId: string;
  account: string;
  deptId: string | null;
  roleIds: string[];
  roleAliases: string[];
  clientId: string;
  sessionId: string;
  /** The administrator of the platform tenant 000000 sees every tenant. */
  isPlatformAdmin: boolean;
}

export const PLATFORM_TENANT = '000000';

export const isPlatformAdmin = (tenantId: string, roleAliases: readonly string[]) =>
  tenantId === PLATFORM_TENANT && roleAliases.includes('administrator');

/**
 * The roles that administer a tenant: they see every row of it that other staff see only when it is theirs
 * (their customers, their inquiries and offers). The one list both the customers' rule (member) and the
 * sales floor's (sales/visibility.ts) read.
 */
export const TENANT_ADMIN_ALIASES = ['administrator', 'admin'] as const;

export const isTenantAdmin = (scope: Pick<Scope, 'roleAliases'>) =>
  scope.roleAliases.some((a) => (TENANT_ADMIN_ALIASES as readonly string[]).includes(a));

/** A scope for start-up work (seeding, jobs): platform-wide. */
export const systemScope = (tenantId = PLATFORM_TENANT): Scope => ({
  tenantId,
  userId: '0',
  account: 'system',
  deptId: null,
  roleIds: [],
  roleAliases: ['administrator'],
  clientId: 'system',
  sessionId: 'system',
  isPlatformAdmin: tenantId === PLATFORM_TENANT,
});
