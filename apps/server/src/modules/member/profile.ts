import type { Db } from '../../platform/db/index.js';
import { unauthorized } from '../../platform/errors.js';
import { first, scoped } from '../../platform/sql/index.js';
import type { CustomerPrincipal } from './sessions.js';

import type { CustomerProfile, StaffCard } from '@forecourt/contracts';

export type { CustomerProfile, StaffCard };

/** The active staff of a tenant: the only colleagues a customer sees or talks to. */
export const activeStaff = (tenantId: string) =>
  scoped({ tenantId, isPlatformAdmin: false })
    .selectFrom('blade_user', 'u')
    .select(['u.id', 'u.account', 'u.realName', 'u.avatar', 'u.brandNames'])
    .where('u.status', '=', 1);

/** The signed-in customer with the card of the staff member responsible for them (if still active). */
export async function customerProfile(db: Db, p: CustomerPrincipal): Promise<CustomerProfile> {
  const own = scoped({ tenantId: p.tenantId, isPlatformAdmin: false });
  const row = await first(
    db,
    own
      .selectFrom('member_customer', 'c')
      .leftJoin(activeStaff(p.tenantId).as('u'), 'u.id', 'c.userId')
      .select([
        'c.id',
        'c.tenantId',
        'c.name',
        'c.phone',
        'c.sex',
        'c.brand',
        'u.id as staffId',
        'u.realName',
        'u.account',
        'u.avatar',
        'u.brandNames',
      ])
      .where('c.id', '=', p.customerId),
  );
  if (!row) throw unauthorized('member.signInAgain');
  return {
    id: String(row.id),
    tenantId: row.tenantId,
    name: row.name,
    phone: row.phone,
    sex: row.sex,
    brand: row.brand,
    staff: row.staffId
      ? {
          id: String(row.staffId),
          realName: row.realName || row.account || '',
          avatar: row.avatar,
          brandNames: (row.brandNames as string[] | null) ?? [],
        }
      : null,
  };
}
