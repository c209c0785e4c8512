import type { Db } from '../../platform/db/index.js';
import { unauthorized } from '../../platform/errors.js';
import type { CustomerPrincipal } from './sessions.js';

import type { CustomerProfile, StaffCard } from '@forecourt/contracts';

export type { CustomerProfile, StaffCard };

/** The signed-in customer with the card of the staff member responsible for them (if still active). */
export async function customerProfile(db: Db, p: CustomerPrincipal): Promise<CustomerProfile> {
  const row = await db.one<{
    id: string;
    tenant_id: string;
    name: string;
    phone: string;
    sex: number;
    brand: string | null;
    staff_id: string | null;
    real_name: string | null;
    account: string | null;
    avatar: string | null;
    brand_names: string[] | null;
  }>(
    `SELECT c.id, c.tenant_id, c.name, c.phone, c.sex, c.brand,
            u.id AS staff_id, u.real_name, u.account, u.avatar, u.brand_names
       FROM member_customer c
       LEFT JOIN blade_user u ON u.id = c.user_id AND u.tenant_id = c.tenant_id AND u.is_deleted = 0 AND u.status = 1
      WHERE c.id = $1 AND c.tenant_id = $2 AND c.is_deleted = 0`,
    [p.customerId, p.tenantId],
  );
  if (!row) throw unauthorized('member.signInAgain');
  return {
    id: String(row.id),
    tenantId: row.tenant_id,
    name: row.name,
    phone: row.phone,
    sex: row.sex,
    brand: row.brand,
    staff: row.staff_id
      ? {
          id: String(row.staff_id),
          realName: row.real_name || row.account || '',
          avatar: row.avatar,
          brandNames: row.brand_names ?? [],
        }
      : null,
  };
}
