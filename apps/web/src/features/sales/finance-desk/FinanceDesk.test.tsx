import '@/shared/upload/test-env';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import i18n from '@/shared/i18n';
import type { FinanceDeskSummary } from './api';

const answer: FinanceDeskSummary = {
  today: { count: 3, receipts: '125000.50', refunds: '5000.00', net: '120000.50' },
  unpaid: { count: 4, amount: '812345.67' },
  partial: { count: 2, amount: '301000.00' },
  settledThisMonth: { count: 7, amount: '1999999.99' },
};
const get = vi.fn((url: string) =>
  url === '/api/blade-sales/order/desk' ? Promise.resolve(answer) : Promise.reject(new Error(url)),
);
vi.mock('@/shared/http', async (real) => ({
  ...(await real<typeof import('@/shared/http')>()),
  http: { get: (url: string) => get(url) },
}));
const open = vi.fn();
vi.mock('@/shared/menu/navigate', () => ({ useOpenMenu: () => open }));
const { default: FinanceDesk } = await import('./FinanceDesk');

const draw = () =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient()}>
        <FinanceDesk />
      </QueryClientProvider>
    </ConfigProvider>,
  );

describe('the finance workbench card', () => {
  it("shows today's net with its receipts and refunds, and what is still to come in, to the fen", async () => {
    await i18n.changeLanguage('zh');
    draw();
    // Drawn at once, at its final size, with a dash for each figure still on its way.
    await screen.findByText('财务工作台');
    expect(screen.getByText('今日收款')).toBeTruthy();
    // Statistic splits the integer part from the decimals; the card's line keeps the whole amount.
    expect(await screen.findByText('收款 ¥125,000.50，退款 ¥5,000.00，共 3 笔')).toBeTruthy();
    expect(screen.getByText('应收 ¥812,345.67')).toBeTruthy();
    expect(screen.getByText('尚未收取 ¥301,000.00')).toBeTruthy();
    expect(screen.getByText('合计 ¥1,999,999.99')).toBeTruthy();
    expect(screen.getByText('4 单')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '打开财务收款' }));
    expect(open).toHaveBeenCalledWith('/fc/order/index');
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    draw();
    await screen.findByText('Finance workbench');
    expect(await screen.findByText('Receipts ¥125,000.50, refunds ¥5,000.00, 3 trades')).toBeTruthy();
    expect(screen.getByText('¥301,000.00 still to come in')).toBeTruthy();
    await i18n.changeLanguage('zh');
  });
});
