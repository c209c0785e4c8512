import '../test/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from '@/shared/i18n';
import { TYPES, type Message } from '../sdk';
import { message } from '../test/fixtures';
import { Bubble } from './bubbles';
import { offerCardOf, yuan } from './OfferCard';

const card = {
  businessID: 'forecourt.offer',
  offerId: '7',
  version: 2,
  modelName: '丰田 凯美瑞 2025 2.0E 精英版',
  vin: 'LVGBM53K0RG000017',
  invoicePrice: '197000.00',
  total: '213216.81',
  dueAtSigning: '75316.81',
  monthlyPayment: '4055.95',
  termMonths: 36,
  validUntil: '2026-12-01',
};
const custom = (data: string): Message =>
  message({ type: TYPES.MSG_CUSTOM, payload: { data, description: 'offer', extension: '' } });

describe('the offer card in chat', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('reads only well-formed offer cards', () => {
    expect(offerCardOf(JSON.stringify(card))).toMatchObject({ offerId: '7', total: '213216.81' });
    expect(offerCardOf(JSON.stringify({ ...card, businessID: 'call' }))).toBeNull();
    expect(offerCardOf(JSON.stringify({ ...card, total: 213216.81 }))).toBeNull();
    expect(offerCardOf('{"businessID":"forecourt.offer"')).toBeNull();
    expect(offerCardOf(undefined)).toBeNull();
  });

  it('groups amounts from the decimal string', () => {
    expect(yuan('213216.81')).toBe('¥213,216.81');
    expect(yuan('1000000.00')).toBe('¥1,000,000.00');
    expect(yuan('0.10')).toBe('¥0.10');
  });

  it('draws the card in the reader’s language instead of "unsupported"', async () => {
    await i18n.changeLanguage('zh');
    const { unmount } = render(<Bubble m={custom(JSON.stringify(card))} onPreview={() => {}} />);
    expect(screen.getByText('购车报价')).toBeTruthy();
    expect(screen.getByText('第 2 版')).toBeTruthy();
    expect(screen.getByText('¥213,216.81')).toBeTruthy();
    expect(screen.getByText('月供 ¥4,055.95 × 36 期')).toBeTruthy();
    unmount();
    await i18n.changeLanguage('en');
    render(<Bubble m={custom(JSON.stringify(card))} onPreview={() => {}} />);
    expect(screen.getByText('Vehicle offer')).toBeTruthy();
    expect(screen.getByText('Valid until 2026-12-01')).toBeTruthy();
    expect(screen.getByText('LVGBM53K0RG000017')).toBeTruthy();
  });

  it('other custom data stays "unsupported"', async () => {
    await i18n.changeLanguage('en');
    render(<Bubble m={custom('{"hello":1}')} onPreview={() => {}} />);
    expect(screen.queryByText('Vehicle offer')).toBeNull();
  });
});
