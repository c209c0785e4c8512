import type { PageLoader } from '@/shared/page/loader';
import { declared } from '@/shared/crud/declared';

/** The sales floor's pages (issue 24) at the paths of the menu catalog; one block per slice. */
export const pages: Record<string, PageLoader> = {
  // sales-stock
  '/fc/resource/index': () => import('./resource/ResourcePage'),
  '/fc/catalog/index': () => import('./catalog/CatalogPage'),
  // sales-offer
  '/fc/offer/index': () => import('./offer/OfferPage'),
  // sales-order: receipts, refunds and the payment transactions
  '/fc/order/index': () => import('./order/OrderPage'),
  '/fc/trade/index': () => import('./trade/TradePage'),
  '/fc/redPacket/index': () => import('./red-packet/RedPacketPage'),
  // sales-inquiry
  '/fc/inquiry/index': () => import('./inquiry/InquiryPage'),
  '/fc/userInquiry/index': declared(() =>
    import('./user-inquiry/userInquiryDef').then((m) => m.userInquiryDef),
  ),
};
