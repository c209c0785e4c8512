import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, message } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TradeSummary, TradeView } from '@forecourt/contracts/sales';
import '@/shared/upload/test-env';
import i18n from '@/shared/i18n';
import { useSession, type UserInfo } from '@/shared/auth/store';

const RECEIPT: TradeView = {
  id: '901',
  tradeNo: 'SK20261129-0001',
  orderId: '502',
  orderNo: 'SO20261129-0002',
  customerName: '李四',
  kind: 'receipt',
  method: 'transfer',
  amount: '150000.00',
  reference: 'ICBC-778899',
  paidAt: '2026-11-29 10:00:00',
  remark: '首付',
  createUser: '9',
  createUserName: '财务小刘',
  createTime: '2026-11-29 10:01:00',
};
const REFUND: TradeView = {
  ...RECEIPT,
  id: '902',
  tradeNo: 'TK20261129-0001',
  kind: 'refund',
  method: 'cash',
  amount: '1000.00',
  reference: '',
  paidAt: '2026-11-29 16:00:00',
  remark: '客户放弃精品',
};
const ALL: TradeSummary = { count: 2, receipts: '150000.00', refunds: '1000.00', net: '149000.00' };
const REFUNDS: TradeSummary = { count: 1, receipts: '0.00', refunds: '1000.00', net: '-1000.00' };

/** The server as the page meets it: the list and its sums follow the same filters. */
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
http.get.mockImplementation(async (url: string, opts?: { params?: Record<string, unknown> }) => {
  const refunds = opts?.params?.kind === 'refund';
  if (url === '/api/blade-sales/trade/list') {
    const records = refunds ? [REFUND] : [RECEIPT, REFUND];
    return { records, total: records.length, current: 1, size: 10 };
  }
  if (url === '/api/blade-sales/trade/summary') return refunds ? REFUNDS : ALL;
  if (url === '/api/blade-sales/trade/detail') return opts?.params?.id === REFUND.id ? REFUND : RECEIPT;
  throw new Error(`unexpected ${url}`);
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));
const { default: TradePage } = await import('./TradePage');

function draw(codes: string[] = ['trade_view']) {
  useSession.setState({
    user: { user_id: '1', account: 'finance', role_name: 'sales' } as UserInfo,
    permission: Object.fromEntries(codes.map((c) => [c, true as const])),
  });
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TradePage />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

const rowOf = async (tradeNo: string) => (await screen.findByText(tradeNo)).closest('tr')!;
const callsOf = (url: string) =>
  http.get.mock.calls.filter(([u]) => u === url).map(([, o]) => (o as { params: object }).params);

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  message.destroy();
  http.get.mockClear();
});

describe('the payment transactions page (支付流水)', () => {
  it('lists receipts and refunds, a refund with a minus sign, newest payment first, read only', async () => {
    draw(['trade_view', 'trade_add', 'trade_edit', 'trade_delete']);
    const receipt = await rowOf('SK20261129-0001');
    for (const text of ['SO20261129-0002', '李四', 'Receipt', 'Bank transfer', '¥150,000.00', 'ICBC-778899'])
      expect(within(receipt).getByText(text)).toBeTruthy();
    expect(within(receipt).getByText('Receipt').className).toContain('green');
    const refund = await rowOf('TK20261129-0001');
    for (const text of ['Refund', 'Cash', '-¥1,000.00', '客户放弃精品', '财务小刘'])
      expect(within(refund).getByText(text)).toBeTruthy();
    expect(within(refund).getByText('Refund').className).toContain('orange');
    expect(within(refund).getByText('-¥1,000.00').style.textAlign).toBe('right');
    // Written once by the orders page: nothing to add, edit or remove whatever codes the user has.
    expect(screen.queryByRole('button', { name: /Add$/ })).toBeNull();
    expect(within(refund).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(callsOf('/api/blade-sales/trade/list')[0]).toMatchObject({ descs: 'paidAt' });

    // The view shows the trade as stored: the amount without the sign (the kind says which way).
    const user = userEvent.setup();
    await user.click(within(refund).getByRole('button', { name: 'View' }));
    const d = (await screen.findByText('View payment transaction', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    await waitFor(() => expect(within(d).getByDisplayValue('¥1,000.00')).toBeTruthy());
    expect(within(d).getByDisplayValue('TK20261129-0001')).toBeTruthy();
  }, 60_000);

  it('sums what the filters select, and follows the search', async () => {
    draw();
    expect(
      await screen.findByText('Total: receipts ¥150,000.00, refunds ¥1,000.00, net ¥149,000.00 (2 trades)'),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Type'));
    await user.click(await screen.findByTitle('Refund'));
    await user.click(screen.getByRole('button', { name: /Search/ }));
    expect(
      await screen.findByText('Total: receipts ¥0.00, refunds ¥1,000.00, net -¥1,000.00 (1 trade)'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('SK20261129-0001')).toBeNull());
    // The sums are asked with the list's filters, without its paging and order.
    const sums = callsOf('/api/blade-sales/trade/summary');
    expect(sums[0]).toEqual({});
    expect(sums.at(-1)).toEqual({ kind: 'refund' });
    expect(callsOf('/api/blade-sales/trade/list').at(-1)).toMatchObject({ kind: 'refund', current: 1 });
  }, 60_000);

  it('speaks Chinese by default: columns, kinds, methods and the summary', async () => {
    await i18n.changeLanguage('zh');
    draw();
    expect(
      await screen.findByText('合计：收款 ¥150,000.00，退款 ¥1,000.00，净额 ¥149,000.00（2 笔）'),
    ).toBeTruthy();
    const refund = await rowOf('TK20261129-0001');
    for (const text of ['退款', '现金', '-¥1,000.00']) expect(within(refund).getByText(text)).toBeTruthy();
    const receipt = await rowOf('SK20261129-0001');
    for (const text of ['收款', '银行转账']) expect(within(receipt).getByText(text)).toBeTruthy();
    for (const header of ['交易编号', '订单号', '支付方式', '流水号', '收付时间', '经办人'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
  }, 60_000);
});
