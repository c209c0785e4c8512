import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { EXCHANGE_STATUSES, type PointExchange, type PointGoods } from '@forecourt/contracts';
import { toasts } from '@/shared/upload/test-env';
import { buttonsOf, dialogTitled, drawPage, rowOf } from '@/shared/crud/testing';
import i18n from '@/shared/i18n';

const PENDING: PointExchange = {
  id: '701',
  exchangeNo: 'PE20261129-0001',
  customerId: '17',
  customerName: '张三',
  customerPhone: '13900000001',
  goodsId: '81',
  goodsName: '保温杯',
  quantity: 2,
  points: 400,
  status: 'pending',
  remark: '',
  settleRemark: '',
  deliveredAt: null,
  cancelledAt: null,
  createUserName: '王建国',
  createTime: '2026-11-29 09:00:00',
};
const DELIVERED: PointExchange = {
  ...PENDING,
  id: '702',
  exchangeNo: 'PE20261129-0002',
  customerName: '李四',
  customerPhone: '13900000002',
  status: 'delivered',
  settleRemark: '前台领取',
  deliveredAt: '2026-11-29 15:00:00',
};
const CANCELLED: PointExchange = {
  ...PENDING,
  id: '703',
  exchangeNo: 'PE20261129-0003',
  customerName: '王五',
  customerPhone: '13900000003',
  status: 'cancelled',
  remark: '电话预约',
  settleRemark: '客户不要了',
  cancelledAt: '2026-11-29 10:00:00',
};
const good = (id: string, name: string, points: number, stock: number): PointGoods => ({
  id,
  name,
  points,
  stock,
  imageUrl: '',
  description: '',
  status: 1,
  sort: 0,
  exchanged: 0,
  createTime: '2026-11-01 09:00:00',
});
const SHELF = [good('81', '保温杯', 200, 3), good('82', '雨伞', 50, 0)];

/** The server as the page meets it. */
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
http.get.mockImplementation(async (url: string, opts?: { params?: Record<string, unknown> }) => {
  if (url === '/api/blade-points/exchange/list')
    return { records: [PENDING, DELIVERED, CANCELLED], total: 3, current: 1, size: 10 };
  if (url === '/api/blade-points/exchange/detail')
    return [PENDING, DELIVERED, CANCELLED].find((e) => e.id === opts?.params?.id);
  if (url === '/api/blade-points/goods/list') return { records: SHELF, total: 2 };
  if (url === '/api/blade-points/record/account')
    return { party: 'customer', partyId: '17', partyName: '张三', balance: 500, earned: 900, spent: 400 };
  if (url === '/api/blade-member/customer/page')
    return { records: [{ id: '17', name: '张三', phone: '13900000001' }], total: 1 };
  throw new Error(`unexpected ${url}`);
});
http.post.mockImplementation(async (url: string) => {
  if (url === '/api/blade-points/exchange/submit')
    return { ...PENDING, id: '704', exchangeNo: 'PE20261129-0004' };
  if (url === '/api/blade-points/exchange/deliver') return DELIVERED;
  if (url === '/api/blade-points/exchange/cancel') return CANCELLED;
  throw new Error(`unexpected ${url}`);
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));
const { default: ExchangePage } = await import('./ExchangePage');
const { exchangeDef } = await import('./exchangeDef');

const ALL = ['score_exchange_view', 'score_exchange_add', 'score_exchange_deliver', 'score_exchange_cancel'];

const draw = (codes: string[] = ALL) =>
  drawPage(<ExchangePage />, codes, { account: 'clerk', role: 'sales' });

const dialog = dialogTitled;
const posts = () => http.post.mock.calls;

/** The open dropdown of a select, and the options it offers. */
async function optionsOf(scope: HTMLElement, label: string, user: ReturnType<typeof userEvent.setup>) {
  const input = within(scope).getByLabelText(label);
  await user.click(input);
  return waitFor(() => {
    const el = document.getElementById(`${input.id}_list`)?.closest<HTMLElement>('.ant-select-dropdown');
    expect(el?.querySelector('.ant-select-item-option')).toBeTruthy();
    return el!;
  });
}

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  message.destroy();
  http.get.mockClear();
  http.post.mockClear();
});

describe('the points exchanges (积分兑换)', () => {
  it('lists the exchanges with their points, status and delivery', async () => {
    draw();
    const row = await rowOf('张三');
    for (const text of ['PE20261129-0001', '13900000001', '保温杯', '400', 'Pending', '王建国'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByText('400').style.textAlign).toBe('right');
    const delivered = await rowOf('李四');
    for (const text of ['Delivered', '2026-11-29 15:00:00'])
      expect(within(delivered).getByText(text)).toBeTruthy();
    expect(within(await rowOf('王五')).getByText('Cancelled')).toBeTruthy();
    for (const header of [
      'Exchange no.',
      'Customer phone',
      'Goods',
      'Quantity',
      'Points spent',
      'Delivered at',
    ])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
  }, 60_000);

  it('delivers and cancels only pending exchanges, by permission', async () => {
    const user = userEvent.setup();
    draw();
    expect(screen.getByRole('button', { name: /New exchange/ })).toBeTruthy();
    expect(await buttonsOf(await rowOf('张三'), user)).toEqual(['View', 'Deliver', 'Cancel exchange']);
    expect(await buttonsOf(await rowOf('李四'), user)).toEqual(['View']);
    expect(await buttonsOf(await rowOf('王五'), user)).toEqual(['View']);
    cleanup();

    // A clerk who may only cancel: no delivery, no view, no new exchange.
    draw(['score_exchange_cancel']);
    expect(await buttonsOf(await rowOf('张三'), user)).toEqual(['Cancel exchange']);
    expect(await buttonsOf(await rowOf('李四'), user)).toEqual([]);
    expect(screen.queryByRole('button', { name: /New exchange/ })).toBeNull();
  }, 60_000);

  it('offers the moves of a pending exchange only, whatever the status', () => {
    const def = exchangeDef(() => {});
    for (const status of EXCHANGE_STATUSES) {
      const shown = (def.actions ?? [])
        .filter((a) => !a.visible || a.visible({ ...PENDING, status }))
        .map((a) => a.key);
      expect(shown, status).toEqual(status === 'pending' ? ['deliver', 'cancel'] : []);
    }
  });

  it('cancels only with a reason, telling what goes back', async () => {
    const user = userEvent.setup();
    draw(['score_exchange_cancel']);
    await user.click(within(await rowOf('张三')).getByRole('button', { name: 'Cancel exchange' }));
    const d = await dialog('Cancel exchange · PE20261129-0001 · 张三');
    expect(
      within(d).getByText(/The 400 points go back to the customer and the 2 items back to stock/),
    ).toBeTruthy();
    await user.click(within(d).getByRole('button', { name: 'Cancel exchange' }));
    expect(await within(d).findByText('Please enter the reason for the cancellation')).toBeTruthy();
    await user.type(within(d).getByLabelText('Reason for the cancellation'), '   ');
    await user.click(within(d).getByRole('button', { name: 'Cancel exchange' }));
    expect(await within(d).findByText('Please enter the reason for the cancellation')).toBeTruthy();
    expect(posts()).toEqual([]);
    await user.type(within(d).getByLabelText('Reason for the cancellation'), '客户不要了');
    await user.click(within(d).getByRole('button', { name: 'Cancel exchange' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual(['/api/blade-points/exchange/cancel', { id: '701', remark: '客户不要了' }]);
    await waitFor(() => expect(toasts()).toContain('Exchange cancelled; the points went back'));
  }, 60_000);

  it('delivers with the remark optional', async () => {
    const user = userEvent.setup();
    draw(['score_exchange_deliver']);
    await user.click(within(await rowOf('张三')).getByRole('button', { name: 'Deliver' }));
    const d = await dialog('Deliver · PE20261129-0001 · 张三');
    await user.click(within(d).getByRole('button', { name: 'Deliver' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual(['/api/blade-points/exchange/deliver', { id: '701' }]);
    await waitFor(() => expect(toasts()).toContain('Marked as delivered'));
  }, 60_000);

  it('shows the live total against the balance and refuses a total above it', async () => {
    const user = userEvent.setup();
    draw();
    await user.click(screen.getByRole('button', { name: /New exchange/ }));
    const d = await dialog('New points exchange');
    await user.type(within(d).getByLabelText('Customer'), '张');
    await user.click(await screen.findByTitle('张三 · 13900000001'));
    expect((await within(d).findByTestId('points-balance')).textContent).toBe('500');

    const goods = await optionsOf(d, 'Goods', user);
    // A good out of stock is shown but cannot be chosen.
    expect(within(goods).getByTitle('雨伞 · 50 points · 0 in stock').className).toContain(
      'ant-select-item-option-disabled',
    );
    await user.click(within(goods).getByTitle('保温杯 · 200 points · 3 in stock'));
    expect((await within(d).findByTestId('exchange-total')).textContent).toBe(
      'Total 200 points (200 points × 1)',
    );
    expect(within(d).getByText('Balance after: 300')).toBeTruthy();

    const quantity = within(d).getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await waitFor(() =>
      expect(within(d).getByTestId('exchange-total').textContent).toBe('Total 600 points (200 points × 3)'),
    );
    expect(
      within(d).getAllByText('Not enough points: 600 needed, the balance is 500').length,
    ).toBeGreaterThan(0);
    await user.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        within(d).getAllByText('Not enough points: 600 needed, the balance is 500').length,
      ).toBeGreaterThanOrEqual(2),
    );
    expect(posts()).toEqual([]);

    await user.clear(quantity);
    await user.type(quantity, '2');
    await waitFor(() =>
      expect(within(d).getByTestId('exchange-total').textContent).toBe('Total 400 points (200 points × 2)'),
    );
    expect(within(d).getByText('Balance after: 100')).toBeTruthy();
    await user.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual([
      '/api/blade-points/exchange/submit',
      { customerId: '17', goodsId: '81', quantity: 2 },
    ]);
    await waitFor(() => expect(toasts()).toContain('Exchange recorded: PE20261129-0004'));
  }, 60_000);

  it('speaks Chinese by default: statuses, buttons, columns and the cancel reason', async () => {
    await i18n.changeLanguage('zh');
    const user = userEvent.setup();
    draw();
    const row = await rowOf('张三');
    expect(within(row).getByText('待发放')).toBeTruthy();
    expect(within(await rowOf('李四')).getByText('已发放')).toBeTruthy();
    expect(within(await rowOf('王五')).getByText('已取消')).toBeTruthy();
    expect(await buttonsOf(row, user)).toEqual(['查看', '发放', '取消兑换']);
    for (const header of ['兑换单号', '客户电话', '兑换商品', '消耗积分', '发放时间'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /新增兑换/ })).toBeTruthy();
    // The second move is under "More" (更多).
    await user.hover(within(row).getByRole('button', { name: /更多/ }));
    await user.click(await screen.findByRole('menuitem', { name: '取消兑换' }));
    const d = await dialog('取消兑换 · PE20261129-0001 · 张三');
    await user.click(within(d).getByRole('button', { name: '取消兑换' }));
    expect(await within(d).findByText('请输入取消原因')).toBeTruthy();
  }, 60_000);
});
