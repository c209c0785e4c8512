import { useMutation } from '@tanstack/react-query';
import type { Coupon, CouponActionBody, CouponIssueBody } from '@forecourt/contracts';
import { http } from '@/shared/http';
import { POINTS_API } from '../ledger/api';

/** The coupon endpoints (`/api/blade-points/coupon/*`) and the list's name (its query-cache key). */
export const COUPON_BASE = `${POINTS_API}/coupon`;
export const COUPON_LIST = 'points-coupon';

/** Issues `quantity` coupons to one customer; the answer is the issued coupons, each with its code. */
export function useIssueCoupons() {
  return useMutation({
    mutationFn: (body: CouponIssueBody) => http.post<Coupon[]>(`${COUPON_BASE}/issue`, body),
  });
}

/** The moves of an unused coupon: used (redeemed), or voided with a reason. */
export type CouponMove = 'use' | 'void';

export function useCouponMove(move: CouponMove) {
  return useMutation({
    mutationFn: (body: CouponActionBody) => http.post<Coupon>(`${COUPON_BASE}/${move}`, body),
  });
}
