import { PLATFORM_TENANT } from '../scope.js';

/**
 * How far up an account or role stands, so that nobody can act on someone above or beside them
 * (docs/roles.md). A role's rank is its `role_rank` column; rows written before the column existed, or by
 * code that does not set it, fall back to the rank of their alias. The administrator role is never read
 * from the column: its place is fixed, so no edit of a row can lift a role to it or lower it.
 */
export const RANK = {
  /** An administrator of tenant 000000: above every tenant, including the tenants' administrators. */
  platform: 1000,
  /** The administrator role of a tenant. */
  administrator: 100,
  /** The `admin` role: the tenant's everyday administration. */
  admin: 80,
  /** The level a tenant gives department heads and managers (custom roles). */
  manager: 50,
  /** Everyone else. */
  staff: 10,
} as const;

/** The highest rank a stored role may have: the administrator's place is not for the column. */
export const MAX_ROLE_RANK = RANK.administrator - 1;

export const ADMINISTRATOR = 'administrator';

export interface RankedRole {
  roleAlias: string;
  /** The stored column; null for rows without it. */
  roleRank: number | null;
}

export function roleRank(r: RankedRole): number {
  if (r.roleAlias === ADMINISTRATOR) return RANK.administrator;
  if (r.roleRank !== null && r.roleRank !== undefined) return Math.min(r.roleRank, MAX_ROLE_RANK);
  return r.roleAlias === 'admin' ? RANK.admin : RANK.staff;
}

/** An account stands at its highest role; a platform administrator above every role there is. */
export function accountRank(tenantId: string, roles: readonly RankedRole[]): number {
  if (tenantId === PLATFORM_TENANT && roles.some((r) => r.roleAlias === ADMINISTRATOR)) return RANK.platform;
  return Math.max(0, ...roles.map(roleRank));
}

/** Acting on an account or role needs a strictly higher rank: equals cannot act on each other either. */
export const outranks = (caller: number, target: number) => caller > target;

/**
 * Why acting on `target` (an account's or a role's rank) is refused, or null when it is allowed.
 * `touchesAdministrator`: the act assigns, edits or grants to the administrator role, which only a platform
 * administrator may do.
 */
export function refusal(
  caller: { rank: number; isPlatformAdmin: boolean },
  target: { rank: number; touchesAdministrator?: boolean },
): 'rank.administratorRole' | 'rank.outranked' | null {
  if (target.touchesAdministrator) return caller.isPlatformAdmin ? null : 'rank.administratorRole';
  return outranks(caller.rank, target.rank) ? null : 'rank.outranked';
}
