import { useMutation } from '@tanstack/react-query';
import type { OfferDetail, OfferSubmitBody, OfferView, ResourceRow } from '@forecourt/contracts/sales';
import { http } from '@/shared/http';

/** The offer endpoints (`/api/blade-sales/offer/*`). */
export const OFFER_BASE = '/api/blade-sales/offer';

/** Status changes: each one a POST with the offer's id (approve and reject may carry a remark). */
export type OfferAction = 'submit-approval' | 'approve' | 'reject' | 'send' | 'accept' | 'decline';

export const offerAction = (action: OfferAction, id: string, remark?: string) =>
  http.post<OfferView>(`${OFFER_BASE}/${action}`, remark === undefined ? { id } : { id, remark });

export const offerDetail = (id: string) => http.get<OfferDetail>(`${OFFER_BASE}/detail`, { params: { id } });

export function useSubmitOffer() {
  return useMutation({
    mutationFn: (body: OfferSubmitBody) => http.post<OfferDetail>(`${OFFER_BASE}/submit`, body),
  });
}

/** The PDF, fetched with the session (the address alone would not pass the sign-in check), then opened. */
export async function openOfferPdf(id: string, lang: string) {
  const blob = await http.raw<Blob>(
    { url: `${OFFER_BASE}/pdf`, method: 'GET', params: { id }, responseType: 'blob' },
    { headers: { 'Accept-Language': lang } },
  );
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  // The new tab has read it by then; the object URL would otherwise live as long as the page.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A stock vehicle as the picker shows it (the stock list's answer), and an inquiry (the inquiry list's). */
export type VehicleChoice = Pick<
  ResourceRow,
  'id' | 'vin' | 'modelId' | 'modelName' | 'guidePrice' | 'status' | 'energyType'
>;
export interface InquiryChoice {
  id: string;
  customerName: string;
  customerPhone: string;
  modelId: string | null;
  modelText?: string;
  status: string;
}

export const searchVehicles = (vin: string) =>
  http
    .get<{ records: VehicleChoice[] }>('/api/blade-sales/resource/list', {
      params: { status: 'in_stock', vin: vin || undefined, size: 20 },
      silent: true,
    })
    .then((p) => p.records);

export const searchInquiries = (text: string) =>
  http
    .get<{ records: InquiryChoice[] }>('/api/blade-sales/inquiry/list', {
      params: /^\d{3,}$/.test(text)
        ? { customerPhone: text, size: 20 }
        : { customerName: text || undefined, size: 20 },
      silent: true,
    })
    .then((p) => p.records.filter((r) => ['new', 'assigned', 'following', 'quoted'].includes(r.status)));
