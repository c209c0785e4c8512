import { describe, expect, it } from 'vitest';
import { calculateOffer, checkVin, needsApproval, transition } from '@forecourt/contracts/sales';
import { CATALOG } from './catalog-data.js';
import {
  DEMO_ACCOUNTS,
  DEMO_DISCOUNT_LIMIT,
  type FloorInput,
  INQUIRY_MIX,
  generateFloor,
} from './seed-data.js';

/** A floor from the real catalogue with counter ids, so two runs can be compared field by field. */
function input(seed = 24): FloorInput {
  let n = 1000;
  const models = CATALOG.flatMap((b) =>
    b.series.flatMap(([series, trims]) =>
      trims.map(([year, trim, energyType, guidePrice]) => ({
        id: String(n++),
        brandCode: b.code,
        wmi: b.wmi,
        modelYear: year,
        label: `${series} ${trim}`,
        energyType,
        guidePrice,
      })),
    ),
  );
  const staff = Object.fromEntries(
    DEMO_ACCOUNTS.map((a, i) => [a, { id: String(10 + i), deptId: String(90 + i) }]),
  );
  let id = 1_000_000;
  return {
    now: new Date('2026-11-25T08:00:00Z'),
    seed,
    staff: staff as FloorInput['staff'],
    models,
    takenPhones: new Set(['13601234501']),
    newId: () => String(id++),
  };
}

describe('demo floor generator', () => {
  it('is deterministic: the same seed gives the same floor', () => {
    expect(generateFloor(input())).toEqual(generateFloor(input()));
    expect(generateFloor(input(25)).resources[0]!.vin).not.toBe(generateFloor(input()).resources[0]!.vin);
  });

  it('follows the rules it demonstrates', () => {
    const f = generateFloor(input());
    expect(f.inquiries).toHaveLength(Object.values(INQUIRY_MIX).reduce((a, b) => a + b, 0));
    expect(f.resources.filter((r) => checkVin(r.vin) !== null)).toEqual([]);
    expect(new Set(f.resources.map((r) => r.vin)).size).toBe(f.resources.length);
    expect(new Set(f.customers.map((c) => c.phone)).size).toBe(f.customers.length);
    expect(f.customers.some((c) => c.phone === '13601234501')).toBe(false);
    for (const o of f.offers) {
      const approval = needsApproval({
        vehiclePrice: o.vehiclePrice,
        discount: o.discount,
        discountLimit: DEMO_DISCOUNT_LIMIT,
      });
      expect(o.approvalNeeded).toBe(approval);
      // An offer reached its status by allowed moves: through approval exactly when it needed one.
      const approvalPath = approval ? ['draft', 'pending_approval', 'approved'] : ['draft'];
      const path: Record<string, string[]> = {
        draft: ['draft'],
        pending_approval: ['draft', 'pending_approval'],
        approved: ['draft', 'pending_approval', 'approved'],
        rejected: ['draft', 'pending_approval', 'rejected'],
        sent: [...approvalPath, 'sent'],
        accepted: [...approvalPath, 'sent', 'accepted'],
        declined: [...approvalPath, 'sent', 'declined'],
        expired: [...approvalPath, 'sent', 'expired'],
      };
      const steps = path[o.status]!;
      for (let i = 1; i < steps.length; i++)
        expect(
          () => transition('offer', steps[i - 1]!, steps[i]!, { approvalNeeded: approval }),
          o.status,
        ).not.toThrow();
      const q = calculateOffer({
        vehiclePrice: o.vehiclePrice,
        discount: o.discount,
        energyType: o.energyType,
        taxDate: o.createTime.slice(0, 10),
        insurance: o.insurance,
        registrationFee: o.registrationFee,
        accessories: o.accessories,
        serviceFee: o.serviceFee,
        tradeInCredit: o.tradeInCredit,
        finance: o.termMonths
          ? {
              downPaymentPercent: o.downPaymentPercent!,
              termMonths: o.termMonths,
              annualRatePercent: o.annualRatePercent!,
            }
          : null,
      });
      expect(q.total).toBe(o.total);
    }
    const pairs = f.offers.map((o) => `${o.inquiryId}/${o.version}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });
});
