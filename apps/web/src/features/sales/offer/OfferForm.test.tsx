import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@/shared/upload/test-env';
import i18n from '@/shared/i18n';
import { calculateOffer } from '@forecourt/contracts/sales';
import { OfferForm } from './OfferForm';
import { yuan } from './money';

const inquiry = {
  id: '9',
  customerName: '张三',
  customerPhone: '13900000000',
  modelId: '5',
  status: 'following',
};

describe('the offer form', { timeout: 30_000 }, () => {
  it('shows the lines the server will store while the user types, and a rule refusal instead of wrong figures', async () => {
    await i18n.changeLanguage('en');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OfferForm mode="add" inquiry={inquiry} onClose={vi.fn()} onSaved={vi.fn()} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Vehicle price'), { target: { value: '200000' } });
    fireEvent.change(screen.getByLabelText('Discount'), { target: { value: '3000' } });
    const want = calculateOffer({
      vehiclePrice: '200000',
      discount: '3000',
      energyType: 'petrol',
      taxDate: new Date().toISOString().slice(0, 10),
      insurance: '0',
      registrationFee: '0',
      accessories: [],
      serviceFee: '0',
      tradeInCredit: '0',
    });
    await waitFor(() => expect(screen.getByTestId('offer-total').textContent).toBe(yuan(want.total)));
    expect(want.total).toBe('214433.63');
    // A discount above the price is the calculator's refusal, in the reader's language.
    fireEvent.change(screen.getByLabelText('Discount'), { target: { value: '300000' } });
    await waitFor(() =>
      expect(screen.getByText(/The discount \(discount\) cannot exceed the vehicle price/)).toBeTruthy(),
    );
    expect(screen.queryByTestId('offer-total')).toBeNull();
  });
});
