import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import dayjs from 'dayjs';
import { COUPON_STATUSES, type Coupon } from '@forecourt/contracts';
import { toasts } from '@/shared/upload/test-env';
import { buttonsOf, dialogTitled, drawPage, rowOf } from '@/shared/crud/testing';
import i18n from '@/shared/i18n';

/**
 * The page reads "today" from the clock (the redeem button, the issue form's first day) whenever it draws,
 * the rows below and the expected bodies whenever they are built: on the real clock a run across midnight
 * compares two different days. The file's clock stands still at noon; only Date is faked, so antd's, React's
 * and user-event's timers still run.
 */
vi.useFakeTimers({ toFake: ['Date'] });
vi.setSystemTime(new Date(2026, 10, 29, 12, 0, 0));
afterAll(() => vi.useRealTimers());

const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

/** An unused cash coupon valid today. */
const USABLE: Coupon = {
  id: '901',
  code: 'K7M2Q9PXW3AB',
  customerId: '17',
  customerName: '张三',
  customerPhone: '13900000001',
  title: '保养代金券',
  kind: 'cash',
  amount: '1234.50',
  minSpend: '5000.00',
  validFrom: day(-1),
  validTo: day(30),
  status: 'unused',
  remark: '',
  usedAt: null,
  createUserName: '王建国',
  createTime: '2026-11-29 09:00:00',
};
/** An unused gift coupon whose first day is still to come: voided, but not yet used. */
const LATER: Coupon = {
  ...USABLE,
  id: '902',
  code: 'H8N4R6TZV5CD',
  customerName: '赵六',
  customerPhone: '13900000004',
  title: '洗车礼品券',
  kind: 'gift',
  amount: null,
  minSpend: '0.00',
  validFrom: day(3),
  validTo: day(40),
};
const USED: Coupon = {
  ...USABLE,
  id: '903',
  code: 'P2X8W4K6M9EF',
  customerName: '李四',
  customerPhone: '13900000002',
  status: 'used',
  remark: 'SO20261129-0001',
  usedAt: '2026-11-29 15:00:00',
};
const VOIDED: Coupon = {
  ...USABLE,
  id: '904',
  code: 'Q3Y7U5J2N8GH',
  customerName: '王五',
  customerPhone: '13900000003',
  status: 'voided',
  remark: '发错了',
};
const ROWS = [USABLE, LATER, USED, VOIDED];

/** The server as the page meets it. */
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
http.get.mockImplementation(async (url: string, opts?: { params?: Record<string, unknown> }) => {
  if (url === '/api/blade-points/coupon/list')
    return { records: ROWS, total: ROWS.length, current: 1, size: 10 };
  if (url === '/api/blade-points/coupon/detail') return ROWS.find((c) => c.id === opts?.params?.id);
  if (url === '/api/blade-member/customer/page')
    return { records: [{ id: '17', name: '张三', phone: '13900000001' }], total: 1 };
  throw new Error(`unexpected ${url}`);
});
http.post.mockImplementation(async (url: string) => {
  if (url === '/api/blade-points/coupon/issue')
    return [
      { ...USABLE, id: '905', code: 'A2B3C4D5E6F7' },
      { ...USABLE, id: '906', code: 'G8H9J2K3L4M5' },
    ];
  if (url === '/api/blade-points/coupon/use') return { ...USABLE, status: 'used' };
  if (url === '/api/blade-points/coupon/void') return { ...USABLE, status: 'voided' };
  throw new Error(`unexpected ${url}`);
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));
const { default: CouponPage } = await import('./CouponPage');
const { couponDef } = await import('./couponDef');

const ALL = ['coupon_records_view', 'coupon_records_add', 'coupon_records_use', 'coupon_records_void'];

const draw = (codes: string[] = ALL) => drawPage(<CouponPage />, codes, { account: 'clerk', role: 'sales' });

const dialog = dialogTitled;
const posts = () => http.post.mock.calls;

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  message.destroy();
  http.get.mockClear();
  http.post.mockClear();
});

describe('the coupon records (优惠券记录)', () => {
  it('lists the coupons with their amounts in yuan, validity and statuses in words', async () => {
    draw();
    const row = await rowOf('张三');
    for (const text of [
      'K7M2Q9PXW3AB',
      '13900000001',
      '保养代金券',
      'Cash coupon',
      '¥1,234.50',
      '¥5,000.00',
      `${USABLE.validFrom} ~ ${USABLE.validTo}`,
      'Unused',
      '王建国',
    ])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByText('¥1,234.50').style.textAlign).toBe('right');
    // A gift coupon has no amount, and a minimum spend of 0 is none.
    const gift = await rowOf('赵六');
    expect(within(gift).getByText('Gift coupon')).toBeTruthy();
    expect(within(gift).getAllByText('—')).toHaveLength(2);
    const used = await rowOf('李四');
    for (const text of ['Used', 'SO20261129-0001', '2026-11-29 15:00:00'])
      expect(within(used).getByText(text)).toBeTruthy();
    expect(within(await rowOf('王五')).getByText('Voided')).toBeTruthy();
    for (const header of ['Coupon code', 'Customer phone', 'Amount', 'Minimum spend', 'Valid', 'Used at'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
  }, 60_000);

  it('redeems and voids only unused coupons (redeems only within their days), by permission', async () => {
    const user = userEvent.setup();
    draw();
    expect(screen.getByRole('button', { name: /Issue coupons/ })).toBeTruthy();
    expect(await buttonsOf(await rowOf('张三'), user)).toEqual(['View', 'Redeem', 'Void']);
    expect(await buttonsOf(await rowOf('赵六'), user)).toEqual(['View', 'Void']);
    expect(await buttonsOf(await rowOf('李四'), user)).toEqual(['View']);
    expect(await buttonsOf(await rowOf('王五'), user)).toEqual(['View']);
    cleanup();

    // A clerk who may only void: no redemption, no view, no issuing.
    draw(['coupon_records_void']);
    expect(await buttonsOf(await rowOf('张三'), user)).toEqual(['Void']);
    expect(await buttonsOf(await rowOf('李四'), user)).toEqual([]);
    expect(screen.queryByRole('button', { name: /Issue coupons/ })).toBeNull();
  }, 60_000);

  it('offers the moves of an unused coupon only, whatever the status', () => {
    const def = couponDef(() => {});
    for (const status of COUPON_STATUSES) {
      const shown = (def.actions ?? [])
        .filter((a) => !a.visible || a.visible({ ...USABLE, status }))
        .map((a) => a.key);
      expect(shown, status).toEqual(status === 'unused' ? ['use', 'void'] : []);
    }
    const use = def.actions!.find((a) => a.key === 'use')!;
    expect(use.visible!({ ...USABLE, validTo: day(-1) })).toBe(false);
    expect(use.visible!({ ...USABLE, validFrom: day(1) })).toBe(false);
    expect(use.visible!({ ...USABLE, validFrom: day(0), validTo: day(0) })).toBe(true);
  });

  it('voids only with a reason', async () => {
    const user = userEvent.setup();
    draw(['coupon_records_void']);
    await user.click(within(await rowOf('张三')).getByRole('button', { name: 'Void' }));
    const d = await dialog('Void · K7M2Q9PXW3AB · 张三');
    await user.click(within(d).getByRole('button', { name: 'Void' }));
    expect(await within(d).findByText('Please enter the reason for voiding')).toBeTruthy();
    await user.type(within(d).getByLabelText('Reason for voiding'), '   ');
    await user.click(within(d).getByRole('button', { name: 'Void' }));
    expect(await within(d).findByText('Please enter the reason for voiding')).toBeTruthy();
    expect(posts()).toEqual([]);
    await user.type(within(d).getByLabelText('Reason for voiding'), '发错了');
    await user.click(within(d).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual(['/api/blade-points/coupon/void', { id: '901', remark: '发错了' }]);
    await waitFor(() => expect(toasts()).toContain('Voided: K7M2Q9PXW3AB'));
  }, 60_000);

  it("redeems with the remark optional, sent as ''", async () => {
    const user = userEvent.setup();
    draw(['coupon_records_use']);
    await user.click(within(await rowOf('张三')).getByRole('button', { name: 'Redeem' }));
    const d = await dialog('Redeem · K7M2Q9PXW3AB · 张三');
    expect(within(d).getByText('¥1,234.50')).toBeTruthy();
    await user.click(within(d).getByRole('button', { name: 'Redeem' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual(['/api/blade-points/coupon/use', { id: '901', remark: '' }]);
    await waitFor(() => expect(toasts()).toContain('Redeemed: K7M2Q9PXW3AB'));
  }, 60_000);

  it('refuses a cash coupon without an amount and a last day before the first, then posts the contract body', async () => {
    const user = userEvent.setup();
    draw(['coupon_records_add']);
    await user.click(screen.getByRole('button', { name: /Issue coupons/ }));
    const d = await dialog('Issue coupons');
    await user.type(within(d).getByLabelText('Customer'), '张');
    await user.click(await screen.findByTitle('张三 · 13900000001'));
    await user.type(within(d).getByLabelText('Coupon title'), ' 保养代金券 ');
    const from = within(d).getByLabelText('Valid from');
    await user.clear(from);
    await user.type(from, `${day(5)}{Enter}`);
    await user.type(within(d).getByLabelText('Valid to'), `${day(2)}{Enter}`);
    await user.click(within(d).getByRole('button', { name: 'Save' }));
    expect(await within(d).findByText('Please enter the amount')).toBeTruthy();
    expect(await within(d).findByText('The last day cannot be before the first')).toBeTruthy();
    expect(posts()).toEqual([]);

    // An amount of 0, a malformed one, a minimum spend below the amount.
    const amount = within(d).getByLabelText('Amount');
    await user.type(amount, '0');
    expect(await within(d).findByText('Amount must be above 0')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '12.345');
    expect(
      await within(d).findByText('Amount can have at most 8 integer digits and 2 decimals'),
    ).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '100');
    await user.type(within(d).getByLabelText('Minimum spend'), '99.99');
    expect(await within(d).findByText('The minimum spend cannot be below the amount ¥100.00')).toBeTruthy();
    await user.clear(within(d).getByLabelText('Minimum spend'));
    await user.type(within(d).getByLabelText('Minimum spend'), '500');

    const to = within(d).getByLabelText('Valid to');
    await user.clear(to);
    await user.type(to, `${day(35)}{Enter}`);
    const quantity = within(d).getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '2');
    await waitFor(() => expect(within(d).queryByText('The last day cannot be before the first')).toBeNull());
    await user.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual([
      '/api/blade-points/coupon/issue',
      {
        customerId: '17',
        title: '保养代金券',
        kind: 'cash',
        amount: '100',
        minSpend: '500',
        validFrom: day(5),
        validTo: day(35),
        quantity: 2,
      },
    ]);
    await waitFor(() => expect(toasts()).toContain('Issued 2 coupons: A2B3C4D5E6F7, G8H9J2K3L4M5'));
  }, 60_000);

  it('issues a gift coupon without amounts', async () => {
    const user = userEvent.setup();
    draw(['coupon_records_add']);
    await user.click(screen.getByRole('button', { name: /Issue coupons/ }));
    const d = await dialog('Issue coupons');
    await user.type(within(d).getByLabelText('Customer'), '张');
    await user.click(await screen.findByTitle('张三 · 13900000001'));
    await user.type(within(d).getByLabelText('Coupon title'), '洗车礼品券');
    await user.click(within(d).getByText('Gift coupon'));
    expect(within(d).queryByLabelText('Amount')).toBeNull();
    await user.type(within(d).getByLabelText('Valid to'), `${day(10)}{Enter}`);
    await user.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual([
      '/api/blade-points/coupon/issue',
      {
        customerId: '17',
        title: '洗车礼品券',
        kind: 'gift',
        validFrom: day(0),
        validTo: day(10),
        quantity: 1,
      },
    ]);
  }, 60_000);

  it('speaks Chinese by default: statuses, kinds, buttons, columns and the void reason', async () => {
    await i18n.changeLanguage('zh');
    const user = userEvent.setup();
    draw();
    const row = await rowOf('张三');
    for (const text of ['未使用', '代金券', '¥1,234.50']) expect(within(row).getByText(text)).toBeTruthy();
    expect(within(await rowOf('赵六')).getByText('礼品券')).toBeTruthy();
    expect(within(await rowOf('李四')).getByText('已使用')).toBeTruthy();
    expect(within(await rowOf('王五')).getByText('已作废')).toBeTruthy();
    expect(await buttonsOf(row, user)).toEqual(['查看', '核销', '作废']);
    for (const header of ['券码', '客户电话', '面额', '使用门槛', '有效期', '使用时间'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /发放优惠券/ })).toBeTruthy();
    await user.hover(within(row).getByRole('button', { name: /更多/ }));
    await user.click(await screen.findByRole('menuitem', { name: '作废' }));
    const d = await dialog('作废 · K7M2Q9PXW3AB · 张三');
    await user.click(within(d).getByRole('button', { name: /作\s*废/ }));
    expect(await within(d).findByText('请输入作废原因')).toBeTruthy();
  }, 60_000);
});
