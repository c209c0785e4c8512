import { useMutation } from '@tanstack/react-query';
import type { RedPacket, RedPacketDecision, RedPacketPay, RedPacketSubmit } from '@forecourt/contracts/sales';
import type { Page } from '@/shared/crud';
import { http } from '@/shared/http';

/** The red packet endpoints (`/api/blade-sales/red-packet/*`). */
export const RED_PACKET_BASE = '/api/blade-sales/red-packet';
/** The list's name: its query-cache key (`['crud', RED_PACKET_LIST, …]`) and its export's file name. */
export const RED_PACKET_LIST = 'sales-red-packet';

/** A customer as the picker offers it. */
export interface CustomerChoice {
  id: string;
  name: string;
  phone: string;
}

const PICK_SIZE = 20;

/** The customers matching what was typed: by name, or by phone when the text is digits. */
export const searchCustomers = (text: string): Promise<CustomerChoice[]> =>
  http
    .get<Page<{ id: string; name?: string | null; phone?: string | null }>>(
      '/api/blade-member/customer/page',
      {
        params: /^\d{3,}$/.test(text)
          ? { phone: text, size: PICK_SIZE }
          : { name: text || undefined, size: PICK_SIZE },
        silent: true,
      },
    )
    .then((p) => p.records.map((c) => ({ id: c.id, name: c.name ?? '', phone: c.phone ?? '' })));

/** A red packet's moves after the application: each answered with the packet as it now stands. */
export type RedPacketMove = 'approve' | 'reject' | 'pay';

export const useApply = () =>
  useMutation({
    mutationFn: (body: RedPacketSubmit) => http.post<RedPacket>(`${RED_PACKET_BASE}/submit`, body),
  });

export const useDecide = (kind: 'approve' | 'reject') =>
  useMutation({
    mutationFn: (body: RedPacketDecision) => http.post<RedPacket>(`${RED_PACKET_BASE}/${kind}`, body),
  });

export const usePay = () =>
  useMutation({
    mutationFn: (body: RedPacketPay) => http.post<RedPacket>(`${RED_PACKET_BASE}/pay`, body),
  });
