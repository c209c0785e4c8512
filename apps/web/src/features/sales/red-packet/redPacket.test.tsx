import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { RED_PACKET_STATUSES, type RedPacket } from '@forecourt/contracts/sales';
import { toasts } from '@/shared/upload/test-env';
import { buttonsOf, dialogTitled, drawPage, rowOf } from '@/shared/crud/testing';
import i18n from '@/shared/i18n';

const PENDING: RedPacket = {
  id: '601',
  packetNo: 'RP20261129-0001',
  customerId: '17',
  customerName: '张三',
  customerPhone: '13900000001',
  scene: 'referral',
  amount: '188.00',
  greeting: '感谢推荐',
  status: 'pending',
  ownerUser: '7',
  ownerName: '王建国',
  approvedByName: null,
  approvedAt: null,
  approvalRemark: '',
  reference: '',
  paidAt: null,
  createTime: '2026-11-29 09:00:00',
};
const APPROVED: RedPacket = {
  ...PENDING,
  id: '602',
  packetNo: 'RP20261129-0002',
  customerName: '李四',
  customerPhone: '13900000002',
  scene: 'test_drive',
  amount: '66.60',
  status: 'approved',
  approvedByName: '赵经理',
  approvedAt: '2026-11-29 10:00:00',
};
const PAID: RedPacket = {
  ...APPROVED,
  id: '603',
  packetNo: 'RP20261129-0003',
  customerName: '王五',
  scene: 'festival',
  amount: '200.00',
  status: 'paid',
  reference: 'WX-100200300',
  paidAt: '2026-11-29 11:00:00',
};
const REJECTED: RedPacket = {
  ...PENDING,
  id: '604',
  packetNo: 'RP20261129-0004',
  customerName: '赵六',
  scene: 'compensation',
  status: 'rejected',
  approvedByName: '赵经理',
  approvalRemark: '不符合补偿条件',
};

/** The server as the page meets it. */
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
http.get.mockImplementation(async (url: string) => {
  if (url === '/api/blade-sales/red-packet/list')
    return { records: [PENDING, APPROVED, PAID, REJECTED], total: 4, current: 1, size: 10 };
  if (url === '/api/blade-member/customer/page')
    return { records: [{ id: '17', name: '张三', phone: '13900000001' }], total: 1 };
  throw new Error(`unexpected ${url}`);
});
http.post.mockImplementation(async (url: string) => {
  if (url.startsWith('/api/blade-sales/red-packet/')) return PENDING;
  throw new Error(`unexpected ${url}`);
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));
const { default: RedPacketPage } = await import('./RedPacketPage');
const { redPacketDef } = await import('./redPacketDef');

const ALL = ['red_packet_add', 'red_packet_approve', 'red_packet_pay'];

const draw = (codes: string[] = ALL) =>
  drawPage(<RedPacketPage />, codes, { account: 'manager', role: 'sales' });

const dialog = dialogTitled;

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  message.destroy();
  http.get.mockClear();
  http.post.mockClear();
});

describe('the red packets page (红包管理)', () => {
  it('lists the packets with amounts in yuan, right-aligned, and scenes and statuses in words', async () => {
    draw();
    const row = await rowOf('李四');
    for (const text of [
      'RP20261129-0002',
      '13900000002',
      '¥66.60',
      'Test drive thanks',
      'Approved',
      '赵经理',
    ])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByText('¥66.60').style.textAlign).toBe('right');
    expect(within(await rowOf('张三')).getByText('Pending approval')).toBeTruthy();
    const paid = await rowOf('王五');
    for (const text of ['Paid', '¥200.00', 'Festival gift', 'WX-100200300'])
      expect(within(paid).getByText(text)).toBeTruthy();
    expect(within(await rowOf('赵六')).getByText('Rejected')).toBeTruthy();
    for (const header of ['Packet no.', 'Occasion', 'Amount', 'Status', 'Applicant', 'Serial number'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    expect(http.get.mock.calls[0]?.[1]).toMatchObject({ params: { descs: 'createTime' } });
  }, 60_000);

  it('shows the row buttons by status and permission', async () => {
    const user = userEvent.setup();
    draw();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeTruthy();
    expect(await buttonsOf(await rowOf('张三'), user)).toEqual(['Approve', 'Reject']);
    expect(await buttonsOf(await rowOf('李四'), user)).toEqual(['Record payment']);
    expect(await buttonsOf(await rowOf('王五'), user)).toEqual([]);
    expect(await buttonsOf(await rowOf('赵六'), user)).toEqual([]);
    cleanup();

    // A cashier: pays, neither applies nor decides.
    draw(['red_packet_pay']);
    expect(await buttonsOf(await rowOf('张三'), user)).toEqual([]);
    expect(await buttonsOf(await rowOf('李四'), user)).toEqual(['Record payment']);
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  }, 60_000);

  it('offers the moves of each status only', () => {
    const def = redPacketDef(() => {});
    const expected: Record<string, string[]> = {
      pending: ['approve', 'reject'],
      approved: ['pay'],
      paid: [],
      rejected: [],
    };
    for (const status of RED_PACKET_STATUSES) {
      const shown = (def.actions ?? [])
        .filter((a) => a.place === 'row' && (!a.visible || a.visible({ ...PENDING, status })))
        .map((a) => a.key);
      expect(shown, status).toEqual(expected[status]);
    }
  });

  it('applies for ¥0.01 to ¥200.00 and posts exactly the contract body', async () => {
    const user = userEvent.setup();
    draw(['red_packet_add']);
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    const d = await dialog('Apply for a red packet');
    expect(within(d).getByText('¥0.01 to ¥200.00')).toBeTruthy();
    const amount = within(d).getByLabelText('Amount');
    await user.type(amount, '200.01');
    await user.click(within(d).getByRole('button', { name: 'Apply' }));
    expect(await within(d).findByText('A red packet carries ¥0.01 to ¥200.00')).toBeTruthy();
    expect(await within(d).findByText('Please select the customer')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '0');
    await waitFor(() => expect(within(d).getByText('A red packet carries ¥0.01 to ¥200.00')).toBeTruthy());
    await user.clear(amount);
    await user.type(amount, '1.234');
    expect(await within(d).findByText('The amount can have at most 2 decimals')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '88.8');
    await user.click(within(d).getByLabelText('Customer'));
    await user.type(within(d).getByLabelText('Customer'), '139');
    await user.click(await screen.findByTitle('张三 · 13900000001'));
    expect(http.get).toHaveBeenCalledWith('/api/blade-member/customer/page', {
      params: { phone: '139', size: 20 },
      silent: true,
    });
    await user.click(within(d).getByLabelText('Occasion'));
    await user.click(await screen.findByTitle('Referral reward'));
    await user.type(within(d).getByLabelText('Greeting'), '  谢谢推荐  ');
    await user.click(within(d).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post.mock.calls[0]).toEqual([
      '/api/blade-sales/red-packet/submit',
      { customerId: '17', scene: 'referral', amount: '88.8', greeting: '谢谢推荐' },
    ]);
    await waitFor(() => expect(toasts()).toContain('Application submitted'));
  }, 60_000);

  it('approves with an optional remark, and rejects only with a reason', async () => {
    const user = userEvent.setup();
    draw(['red_packet_approve']);
    await user.click(within(await rowOf('张三')).getByRole('button', { name: 'Approve' }));
    let d = await dialog('Approve · RP20261129-0001 · 张三');
    await user.click(within(d).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post.mock.calls[0]).toEqual(['/api/blade-sales/red-packet/approve', { id: '601' }]);
    await waitFor(() => expect(toasts()).toContain('Red packet approved'));

    // The second row button waits under "More".
    await user.hover(within(await rowOf('张三')).getByRole('button', { name: /More/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reject' }));
    d = await dialog('Reject · RP20261129-0001 · 张三');
    await user.click(within(d).getByRole('button', { name: 'Reject' }));
    expect(await within(d).findByText('Please enter the reason for the rejection')).toBeTruthy();
    expect(http.post).toHaveBeenCalledTimes(1);
    await user.type(within(d).getByLabelText('Reason for the rejection'), ' 不符合条件 ');
    await user.click(within(d).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(2));
    expect(http.post.mock.calls[1]).toEqual([
      '/api/blade-sales/red-packet/reject',
      { id: '601', remark: '不符合条件' },
    ]);
  }, 60_000);

  it('records a payment only with the serial number', async () => {
    const user = userEvent.setup();
    draw(['red_packet_pay']);
    await user.click(within(await rowOf('李四')).getByRole('button', { name: 'Record payment' }));
    const d = await dialog('Record payment · RP20261129-0002 · 李四');
    expect(within(d).getByText('¥66.60')).toBeTruthy();
    await user.click(within(d).getByRole('button', { name: 'Record payment' }));
    expect(await within(d).findByText('Please enter the serial number')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
    await user.type(within(d).getByLabelText('Serial number'), 'WX-999');
    await user.click(within(d).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post.mock.calls[0]).toEqual([
      '/api/blade-sales/red-packet/pay',
      { id: '602', reference: 'WX-999' },
    ]);
    await waitFor(() => expect(toasts()).toContain('Payment recorded'));
  }, 60_000);

  it('speaks Chinese by default', async () => {
    await i18n.changeLanguage('zh');
    const user = userEvent.setup();
    draw();
    const row = await rowOf('张三');
    expect(within(row).getByText('待审批')).toBeTruthy();
    expect(within(row).getByText('转介绍奖励')).toBeTruthy();
    expect(within(await rowOf('李四')).getByText('待发放')).toBeTruthy();
    expect(await buttonsOf(row, user)).toEqual(['通过', '驳回']);
    for (const header of ['红包编号', '发放场景', '金额', '申请人', '发放流水号'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: '申请红包' }));
    const d = await dialog('申请红包');
    await user.type(within(d).getByLabelText('金额'), '300');
    await user.click(within(d).getByRole('button', { name: '申请红包' }));
    expect(await within(d).findByText('红包金额须在 ¥0.01 至 ¥200.00 之间')).toBeTruthy();
  }, 60_000);
});
