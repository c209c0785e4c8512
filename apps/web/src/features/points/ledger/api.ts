import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  POINT_EVENTS,
  type Customer,
  type Ground,
  type PointAccount,
  type PointAdjustBody,
  type PointEvent,
  type PointExchange,
  type PointExchangeAction,
  type PointExchangeSubmit,
  type PointGoods,
  type PointParty,
  type PointRecord,
} from '@forecourt/contracts';
import type { Page } from '@/shared/crud';
import { http } from '@/shared/http';

/** The points endpoints (`/api/blade-points/*`). */
export const POINTS_API = '/api/blade-points';

/** What tells the two ledgers apart: whose points, where they are, who may see and write them. */
export interface Ledger {
  party: PointParty;
  base: string;
  /** The list's name: its query-cache key (`['crud', list, …]`) and its export's file name. */
  list: string;
  /** The menu's code: the prefix of the engine's button codes (`_view`). */
  perm: string;
  /** The button code of a hand-written line (an award by rule or an adjustment). */
  adjust: string;
  /** The events of the holder's lines (the list's filter): a store buys no cars. */
  events: readonly PointEvent[];
  /**
   * The events staff award by hand: never `purchase`, which the receipt that settles an order awards
   * (docs/points.md; the adjustment route refuses it for either party).
   */
  awards: readonly PointEvent[];
}

const BY_HAND = POINT_EVENTS.filter((e) => e !== 'purchase');

export const LEDGERS: Record<PointParty, Ledger> = {
  customer: {
    party: 'customer',
    base: `${POINTS_API}/record`,
    list: 'points-record',
    perm: 'score_records',
    adjust: 'score_records_adjust',
    events: POINT_EVENTS,
    awards: BY_HAND,
  },
  store: {
    party: 'store',
    base: `${POINTS_API}/record-tob`,
    list: 'points-record-tob',
    perm: 'score_records_tob',
    adjust: 'score_records_tob_adjust',
    events: BY_HAND,
    awards: BY_HAND,
  },
};

/** The exchange endpoints and the list's name. */
export const EXCHANGE_BASE = `${POINTS_API}/exchange`;
export const EXCHANGE_LIST = 'points-exchange';
/** The goods page's list (catalog/goodsDef): an exchange takes its stock, a cancellation gives it back. */
export const GOODS_LIST = 'points-goods';

/** A holder as the pickers offer it: a customer (code: the phone) or a ground store (code: its code). */
export interface HolderChoice {
  id: string;
  name: string;
  code: string;
}

const PICK_SIZE = 20;

/**
 * The holders matching what was typed: customers by name, or by phone when the text is digits (the
 * customers' list, `/page`); ground stores by name.
 */
export const searchHolders: Record<PointParty, (text: string) => Promise<HolderChoice[]>> = {
  customer: (text) =>
    http
      .get<Page<Customer>>('/api/blade-member/customer/page', {
        params: /^\d{3,}$/.test(text)
          ? { phone: text, size: PICK_SIZE }
          : { name: text || undefined, size: PICK_SIZE },
        silent: true,
      })
      .then((p) => p.records.map((c) => ({ id: c.id, name: c.name ?? '', code: c.phone ?? '' }))),
  store: (text) =>
    http
      .get<Page<Ground>>('/api/blade-basic/ground/list', {
        params: { name: text || undefined, size: PICK_SIZE },
        silent: true,
      })
      .then((p) => p.records.map((g) => ({ id: g.id, name: g.name, code: g.code }))),
};

/**
 * A holder's balance and totals. Kept under the ledger list's key, so that a write that refreshes the
 * list (an adjustment, an exchange) brings the balance back too; never taken from the cache alone.
 */
export const accountQuery = (ledger: Ledger, partyId: string | undefined) =>
  queryOptions({
    queryKey: ['crud', ledger.list, 'account', partyId],
    queryFn: () => http.get<PointAccount>(`${ledger.base}/account`, { params: { partyId } }),
    enabled: Boolean(partyId),
    staleTime: 0,
  });

/** A line written by hand: an award by the event's rule, or an adjustment with its reason. */
export function useAdjust(ledger: Ledger) {
  return useMutation({
    mutationFn: (body: PointAdjustBody) => http.post<PointRecord>(`${ledger.base}/adjust`, body),
  });
}

/** The goods on the shelf (at most a hundred), with their points and stock. */
export const shelfQuery = () =>
  queryOptions({
    queryKey: ['crud', EXCHANGE_LIST, 'goods'],
    queryFn: () =>
      http
        .get<Page<PointGoods>>(`${POINTS_API}/goods/list`, { params: { status: 1, size: 100 } })
        .then((p) => p.records),
    staleTime: 0,
  });

export function useSubmitExchange() {
  return useMutation({
    mutationFn: (body: PointExchangeSubmit) => http.post<PointExchange>(`${EXCHANGE_BASE}/submit`, body),
  });
}

/** The moves of a pending exchange: the goods handed over, or the exchange taken back. */
export type ExchangeMove = 'deliver' | 'cancel';

export function useExchangeMove(move: ExchangeMove) {
  return useMutation({
    mutationFn: (body: PointExchangeAction) => http.post<PointExchange>(`${EXCHANGE_BASE}/${move}`, body),
  });
}
