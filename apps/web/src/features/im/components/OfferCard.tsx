import { useTranslation } from 'react-i18next';
import type { OfferCard as OfferCardData } from '@forecourt/contracts/sales';
import './OfferCard.css';

/**
 * The offer a salesperson sent (`offer/send`): a custom message whose data is the card's JSON. Drawn in the
 * console's chat and on the customer's mobile page alike, so it brings its own texts and plain markup
 * (no antd, no antd-mobile). Amounts are the server's decimal strings, grouped as text, never as numbers.
 */

// The contracts' OFFER_CARD_BUSINESS_ID; the web imports types only from the contracts (no TypeBox in the bundle).
const BUSINESS_ID: OfferCardData['businessID'] = 'forecourt.offer';

/** The card in a custom message's data, or null when the data is anything else. */
export function offerCardOf(data: unknown): OfferCardData | null {
  if (typeof data !== 'string' || !data.includes(BUSINESS_ID)) return null;
  try {
    const v = JSON.parse(data) as Partial<OfferCardData> | null;
    if (!v || v.businessID !== BUSINESS_ID || typeof v.offerId !== 'string') return null;
    const money = (x: unknown) => typeof x === 'string' && /^-?\d+\.\d{2}$/.test(x);
    if (!money(v.total) || !money(v.dueAtSigning) || !money(v.invoicePrice)) return null;
    return v as OfferCardData;
  } catch {
    return null;
  }
}

/** "213216.81" → "¥213,216.81". */
export const yuan = (v: string) => {
  const [int = '0', frac = '00'] = v.split('.');
  return `¥${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
};

const TEXTS = {
  zh: {
    title: '购车报价',
    version: '第 {n} 版',
    vin: '车架号',
    invoice: '开票价',
    total: '合计',
    due: '签约时应付',
    monthly: '月供 {amount} × {n} 期',
    valid: '有效期至 {date}',
  },
  en: {
    title: 'Vehicle offer',
    version: 'Version {n}',
    vin: 'VIN',
    invoice: 'Invoice price',
    total: 'Total',
    due: 'Due at signing',
    monthly: 'Monthly {amount} × {n}',
    valid: 'Valid until {date}',
  },
} as const;

const fill = (s: string, p: Record<string, string | number>) =>
  s.replace(/\{(\w+)\}/g, (m, k: string) => (k in p ? String(p[k]) : m));

export function OfferCard({ card }: { card: OfferCardData }) {
  const { i18n } = useTranslation();
  const tx = TEXTS[i18n.language?.startsWith('en') ? 'en' : 'zh'];
  return (
    <div className="fc-offer-card" data-offer-id={card.offerId} role="group" aria-label={tx.title}>
      <div className="fc-offer-card-head">
        <strong>{tx.title}</strong>
        <span>{fill(tx.version, { n: card.version })}</span>
      </div>
      <div className="fc-offer-card-model">{card.modelName}</div>
      {card.vin && (
        <div className="fc-offer-card-row">
          <span>{tx.vin}</span>
          <span>{card.vin}</span>
        </div>
      )}
      <div className="fc-offer-card-row">
        <span>{tx.invoice}</span>
        <span>{yuan(card.invoicePrice)}</span>
      </div>
      <div className="fc-offer-card-row fc-offer-card-total">
        <span>{tx.total}</span>
        <span>{yuan(card.total)}</span>
      </div>
      <div className="fc-offer-card-row">
        <span>{tx.due}</span>
        <span>{yuan(card.dueAtSigning)}</span>
      </div>
      {card.monthlyPayment && card.termMonths && (
        <div className="fc-offer-card-note">
          {fill(tx.monthly, { amount: yuan(card.monthlyPayment), n: card.termMonths })}
        </div>
      )}
      <div className="fc-offer-card-note">{fill(tx.valid, { date: card.validUntil })}</div>
    </div>
  );
}
