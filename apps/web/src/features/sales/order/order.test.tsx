import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { ORDER_STATUSES, type OrderDetail, type OrderView } from '@forecourt/contracts/sales';
import { toasts } from '@/shared/upload/test-env';
import { buttonsOf, dialogTitled, drawPage, rowOf } from '@/shared/crud/testing';
import i18n from '@/shared/i18n';

const UNPAID: OrderView = {
  id: '501',
  orderNo: 'SO20261129-0001',
  offerId: '301',
  offerVersion: 1,
  inquiryId: '201',
  customerId: '17',
  customerName: '张三',
  customerPhone: '13900000001',
  resourceId: '81',
  vin: 'LSVAU2180N2183294',
  modelName: '朗逸 2026 款 1.5L 自动',
  amountDue: '200000.00',
  loanAmount: null,
  received: '0.00',
  outstanding: '200000.00',
  status: 'unpaid',
  cancelReason: '',
  ownerUser: '7',
  ownerName: '王建国',
  createTime: '2026-11-29 09:00:00',
  settledAt: null,
};
const PARTIAL: OrderView = {
  ...UNPAID,
  id: '502',
  orderNo: 'SO20261129-0002',
  customerName: '李四',
  customerPhone: '13900000002',
  amountDue: '213216.81',
  loanAmount: '100000.00',
  received: '50000.00',
  outstanding: '163216.81',
  status: 'partial',
};
const PAID: OrderView = {
  ...UNPAID,
  id: '503',
  orderNo: 'SO20261129-0003',
  customerName: '王五',
  received: '200000.00',
  outstanding: '0.00',
  status: 'paid',
  settledAt: '2026-11-29 15:00:00',
};
const CANCELLED: OrderView = {
  ...UNPAID,
  id: '504',
  orderNo: 'SO20261129-0004',
  customerName: '赵六',
  status: 'cancelled',
  cancelReason: '客户改买别的车',
};
const PARTIAL_DETAIL: OrderDetail = {
  ...PARTIAL,
  invoicePrice: '188000.00',
  purchaseTax: '16637.17',
  insurance: '5200.00',
  registrationFee: '500.00',
  accessoriesTotal: '2379.64',
  serviceFee: '500.00',
  tradeInCredit: '0.00',
  loanReceived: '30000.00',
  trades: [
    {
      id: '901',
      tradeNo: 'SK20261129-0001',
      orderId: '502',
      orderNo: PARTIAL.orderNo,
      customerName: '李四',
      kind: 'receipt',
      method: 'transfer',
      amount: '50000.00',
      reference: 'ICBC-778899',
      paidAt: '2026-11-29 10:00:00',
      remark: '定金',
      createUser: '9',
      createUserName: '财务小刘',
      createTime: '2026-11-29 10:01:00',
    },
  ],
};
const detailOf = (o: OrderView): OrderDetail => ({
  ...PARTIAL_DETAIL,
  ...o,
  loanReceived: '0.00',
  trades: [],
});

/** The server as the page meets it. */
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
http.get.mockImplementation(async (url: string, opts?: { params?: Record<string, unknown> }) => {
  if (url === '/api/blade-sales/order/list')
    return { records: [UNPAID, PARTIAL, PAID, CANCELLED], total: 4, current: 1, size: 10 };
  if (url === '/api/blade-sales/order/detail')
    return opts?.params?.id === PARTIAL.id
      ? PARTIAL_DETAIL
      : detailOf([UNPAID, PAID, CANCELLED].find((o) => o.id === opts?.params?.id)!);
  throw new Error(`unexpected ${url}`);
});
http.post.mockImplementation(async (url: string) => {
  if (url === '/api/blade-sales/order/receive' || url === '/api/blade-sales/order/refund')
    return PARTIAL_DETAIL;
  if (url === '/api/blade-sales/order/cancel') return { ...UNPAID, status: 'cancelled' };
  throw new Error(`unexpected ${url}`);
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));
const { default: OrderPage } = await import('./OrderPage');
const { orderDef } = await import('./orderDef');

const ALL = ['order_view', 'order_receive', 'order_refund', 'order_cancel'];
const PAID_AT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const draw = (codes: string[] = ALL) => drawPage(<OrderPage />, codes, { account: 'finance', role: 'sales' });

const dialog = dialogTitled;
const lists = () => http.get.mock.calls.filter(([u]) => u === '/api/blade-sales/order/list').length;

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  message.destroy();
  http.get.mockClear();
  http.post.mockClear();
});

describe('the orders page (财务收款)', () => {
  it('lists the orders with money in yuan, right-aligned, and the status in words', async () => {
    draw();
    const row = await rowOf('李四');
    for (const text of [
      'SO20261129-0002',
      '13900000002',
      '¥213,216.81',
      '¥50,000.00',
      '¥163,216.81',
      'Partly paid',
      '王建国',
    ])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByText('¥163,216.81').style.textAlign).toBe('right');
    expect(within(await rowOf('张三')).getByText('Unpaid')).toBeTruthy();
    expect(within(await rowOf('王五')).getByText('Paid')).toBeTruthy();
    expect(within(await rowOf('赵六')).getByText('Cancelled')).toBeTruthy();
    for (const header of ['Order no.', 'Amount due', 'Received', 'Outstanding', 'Status'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
  }, 60_000);

  it('shows the row buttons by state and permission', async () => {
    const user = userEvent.setup();
    draw();
    expect(await buttonsOf(await rowOf('张三'), user)).toEqual(['View', 'Receive', 'Cancel order']);
    expect(await buttonsOf(await rowOf('李四'), user)).toEqual(['View', 'Receive', 'Refund']);
    expect(await buttonsOf(await rowOf('王五'), user)).toEqual(['View']);
    expect(await buttonsOf(await rowOf('赵六'), user)).toEqual(['View']);
    cleanup();

    // A cashier who may refund only: no receipt, no cancellation, and no view without order_view.
    draw(['order_refund']);
    expect(await buttonsOf(await rowOf('张三'), user)).toEqual([]);
    expect(await buttonsOf(await rowOf('李四'), user)).toEqual(['Refund']);
  }, 60_000);

  it('offers exactly the state moves of the machine, whatever the status', () => {
    const def = orderDef(() => {});
    const expected: Record<string, string[]> = {
      unpaid: ['receive', 'cancel'],
      partial: ['receive', 'refund'],
      paid: [],
      cancelled: [],
    };
    for (const status of ORDER_STATUSES) {
      const shown = (def.actions ?? [])
        .filter((a) => !a.visible || a.visible({ ...UNPAID, status }))
        .map((a) => a.key);
      expect(shown, status).toEqual(expected[status]);
    }
  });

  it('refuses a receipt over the outstanding, naming the limit, and asks a serial number but for cash', async () => {
    const user = userEvent.setup();
    draw();
    await user.click(within(await rowOf('张三')).getByRole('button', { name: 'Receive' }));
    const d = await dialog('Receive · SO20261129-0001 · 张三');
    expect(within(d).getByText('At most ¥200,000.00')).toBeTruthy();
    // A cash sale: no loan disbursement to choose.
    await user.click(within(d).getByLabelText('Payment method'));
    expect(await screen.findByTitle('Cash')).toBeTruthy();
    expect(screen.queryByTitle('Loan disbursement')).toBeNull();
    await user.click(within(d).getByLabelText('Payment method'));

    await user.type(within(d).getByLabelText('Amount'), '200000.01');
    await user.click(within(d).getByRole('button', { name: 'Receive' }));
    expect(await within(d).findByText('The amount cannot exceed the outstanding ¥200,000.00')).toBeTruthy();
    // A bank transfer (the default) needs its serial number.
    expect(await within(d).findByText('A serial number is required for every method but cash')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    await user.clear(within(d).getByLabelText('Amount'));
    await user.type(within(d).getByLabelText('Amount'), 'abc');
    expect(
      await within(d).findByText('Amount can have at most 8 integer digits and 2 decimals'),
    ).toBeTruthy();
    await user.clear(within(d).getByLabelText('Amount'));
    await user.type(within(d).getByLabelText('Amount'), '0');
    expect(await within(d).findByText('Amount must be greater than 0')).toBeTruthy();
    await user.clear(within(d).getByLabelText('Amount'));
    await user.type(within(d).getByLabelText('Amount'), '20000');

    // Cash needs none.
    await user.click(within(d).getByLabelText('Payment method'));
    await user.click(await screen.findByTitle('Cash'));
    await waitFor(() =>
      expect(within(d).queryByText('A serial number is required for every method but cash')).toBeNull(),
    );
    const before = lists();
    await user.click(within(d).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post.mock.calls[0]).toEqual([
      '/api/blade-sales/order/receive',
      { orderId: '501', amount: '20000', method: 'cash', paidAt: expect.stringMatching(PAID_AT) },
    ]);
    await waitFor(() => expect(toasts()).toContain('Receipt recorded'));
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  }, 60_000);

  it('posts a transfer with its serial number, and keeps a loan within what is left of it', async () => {
    const user = userEvent.setup();
    draw();
    await user.click(within(await rowOf('李四')).getByRole('button', { name: 'Receive' }));
    const d = await dialog('Receive · SO20261129-0002 · 李四');
    // The detail says how much of the loan came: 30,000 of 100,000.
    expect(
      await within(d).findByText(
        'A loan disbursement of at most ¥70,000.00 (planned ¥100,000.00, disbursed ¥30,000.00)',
      ),
    ).toBeTruthy();
    await user.click(within(d).getByLabelText('Payment method'));
    await user.click(await screen.findByTitle('Loan disbursement'));
    await user.type(within(d).getByLabelText('Amount'), '80000');
    await user.type(within(d).getByLabelText('Serial number'), 'LOAN-2026-001');
    await user.click(within(d).getByRole('button', { name: 'Receive' }));
    expect(
      await within(d).findByText('The loan disbursement cannot exceed the loan left to disburse, ¥70,000.00'),
    ).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    await user.click(within(d).getByLabelText('Payment method'));
    await user.click(await screen.findByTitle('Bank transfer'));
    await user.type(within(d).getByLabelText('Remark'), '首付');
    await user.click(within(d).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post.mock.calls[0]).toEqual([
      '/api/blade-sales/order/receive',
      {
        orderId: '502',
        amount: '80000',
        method: 'transfer',
        reference: 'LOAN-2026-001',
        paidAt: expect.stringMatching(PAID_AT),
        remark: '首付',
      },
    ]);
  }, 60_000);

  it('refunds no more than was received, and only with a reason', async () => {
    const user = userEvent.setup();
    draw(['order_refund']);
    await user.click(within(await rowOf('李四')).getByRole('button', { name: 'Refund' }));
    const d = await dialog('Refund · SO20261129-0002 · 李四');
    await user.type(within(d).getByLabelText('Amount'), '50000.01');
    await user.type(within(d).getByLabelText('Serial number'), 'ICBC-R-01');
    await user.click(within(d).getByRole('button', { name: 'Refund' }));
    expect(await within(d).findByText('The refund cannot exceed the received ¥50,000.00')).toBeTruthy();
    expect(await within(d).findByText('Please enter the reason for the refund')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    await user.clear(within(d).getByLabelText('Amount'));
    await user.type(within(d).getByLabelText('Amount'), '1000');
    await user.type(within(d).getByLabelText('Reason for the refund'), '  客户放弃精品  ');
    await user.click(within(d).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post.mock.calls[0]).toEqual([
      '/api/blade-sales/order/refund',
      {
        orderId: '502',
        amount: '1000',
        method: 'transfer',
        reference: 'ICBC-R-01',
        paidAt: expect.stringMatching(PAID_AT),
        remark: '客户放弃精品',
      },
    ]);
    await waitFor(() => expect(toasts()).toContain('Refund recorded'));
  }, 60_000);

  it('cancels an unpaid order only with a reason', async () => {
    const user = userEvent.setup();
    draw(['order_cancel']);
    await user.click(within(await rowOf('张三')).getByRole('button', { name: 'Cancel order' }));
    const d = await dialog('Cancel order · SO20261129-0001 · 张三');
    await user.click(within(d).getByRole('button', { name: 'Cancel order' }));
    expect(await within(d).findByText('Please enter the reason')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
    await user.type(within(d).getByLabelText('Reason'), '客户改买别的车');
    await user.click(within(d).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post.mock.calls[0]).toEqual([
      '/api/blade-sales/order/cancel',
      { id: '501', reason: '客户改买别的车' },
    ]);
    await waitFor(() => expect(toasts()).toContain('Order cancelled'));
  }, 60_000);

  it('views an order with its lines, loan and trades', async () => {
    const user = userEvent.setup();
    draw();
    await user.click(within(await rowOf('李四')).getByRole('button', { name: 'View' }));
    const d = await dialog('View order');
    const trade = (await within(d).findByText('SK20261129-0001')).closest('tr')!;
    for (const text of ['Receipt', 'Bank transfer', '¥50,000.00', 'ICBC-778899', '财务小刘', '定金'])
      expect(within(trade).getByText(text)).toBeTruthy();
    for (const text of ['Offer lines', 'Invoice price', '¥188,000.00', 'Loan (planned)', '¥100,000.00'])
      expect(within(d).getAllByText(text).length).toBeGreaterThan(0);
    expect(within(d).getByText('¥30,000.00')).toBeTruthy();
  }, 60_000);

  it('speaks Chinese by default: statuses, buttons and columns', async () => {
    await i18n.changeLanguage('zh');
    const user = userEvent.setup();
    draw();
    const row = await rowOf('张三');
    expect(within(row).getByText('待收款')).toBeTruthy();
    expect(await buttonsOf(row, user)).toEqual(['查看', '收款', '取消订单']);
    expect(within(await rowOf('李四')).getByText('部分收款')).toBeTruthy();
    for (const header of ['订单号', '应收金额', '已收金额', '未收金额', '销售顾问'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    await user.click(within(row).getByRole('button', { name: '收款' }));
    const d = await dialog('收款 · SO20261129-0001 · 张三');
    await user.type(within(d).getByLabelText('金额'), '300000');
    // antd spaces a two-character Chinese button: "收 款".
    await user.click(within(d).getByRole('button', { name: /^收\s?款$/ }));
    expect(await within(d).findByText('收款金额不能超过未收金额 ¥200,000.00')).toBeTruthy();
    expect(await within(d).findByText('除现金外须填写流水号')).toBeTruthy();
  }, 60_000);
});
