import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import type { PointAccount, PointRecord } from '@forecourt/contracts';
import { toasts } from '@/shared/upload/test-env';
import { dialogTitled, drawPage, rowOf } from '@/shared/crud/testing';
import i18n from '@/shared/i18n';

const EARN: PointRecord = {
  id: '1',
  party: 'customer',
  partyId: '17',
  partyName: '张三',
  partyCode: '13900000001',
  kind: 'earn',
  event: 'test_drive',
  change: 100,
  balance: 1200,
  remark: '',
  createUserName: '王建国',
  createTime: '2026-11-29 09:00:00',
};
const TAKEN: PointRecord = {
  ...EARN,
  id: '2',
  partyId: '18',
  partyName: '李四',
  partyCode: '13900000002',
  kind: 'adjust',
  event: null,
  change: -30,
  balance: 70,
  remark: '录入错误更正',
};
const REDEEMED: PointRecord = {
  ...EARN,
  id: '3',
  partyId: '19',
  partyName: '王五',
  partyCode: '13900000003',
  kind: 'redeem',
  event: null,
  change: -1500,
  balance: 2500,
  remark: '保温杯 × 1',
};
const STORE_LINE: PointRecord = {
  ...EARN,
  id: '9',
  party: 'store',
  partyId: '31',
  partyName: '朝阳门店',
  partyCode: 'BJ-001',
  event: 'referral',
  change: 20,
  balance: 50,
};
const ACCOUNTS: Record<string, PointAccount> = {
  '17': { party: 'customer', partyId: '17', partyName: '张三', balance: 1200, earned: 1500, spent: 300 },
  '31': { party: 'store', partyId: '31', partyName: '朝阳门店', balance: 50, earned: 50, spent: 0 },
};

/** The server as the pages meet it. */
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
http.get.mockImplementation(async (url: string, opts?: { params?: Record<string, unknown> }) => {
  if (url === '/api/blade-points/record/list')
    return { records: [EARN, TAKEN, REDEEMED], total: 3, current: 1, size: 10 };
  if (url === '/api/blade-points/record-tob/list')
    return { records: [STORE_LINE], total: 1, current: 1, size: 10 };
  if (url === '/api/blade-points/record/account' || url === '/api/blade-points/record-tob/account')
    return ACCOUNTS[String(opts?.params?.partyId)];
  if (url === '/api/blade-member/customer/page')
    return {
      records: [
        { id: '17', name: '张三', phone: '13900000001' },
        { id: '18', name: '李四', phone: '13900000002' },
      ],
      total: 2,
    };
  if (url === '/api/blade-basic/ground/list')
    return { records: [{ id: '31', name: '朝阳门店', code: 'BJ-001' }], total: 1 };
  throw new Error(`unexpected ${url}`);
});
http.post.mockImplementation(async (url: string, body: { change?: number }) => {
  if (url === '/api/blade-points/record/adjust')
    return { ...EARN, id: '10', kind: 'adjust', event: null, change: body.change, balance: 1170 };
  if (url === '/api/blade-points/record-tob/adjust') return { ...STORE_LINE, id: '11', balance: 70 };
  throw new Error(`unexpected ${url}`);
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));
const { default: RecordsPage } = await import('./RecordsPage');
const { default: RecordsToBPage } = await import('./RecordsToBPage');

const CUSTOMERS = ['score_records_view', 'score_records_adjust'];
const STORES = ['score_records_tob_view', 'score_records_tob_adjust'];

const draw = (Page: () => React.ReactNode = RecordsPage, codes: string[] = CUSTOMERS) =>
  drawPage(<Page />, codes);

const dialog = dialogTitled;
const posts = () => http.post.mock.calls;

/** Chooses a holder in the dialog's search select: types, then clicks the match. */
async function pick(
  d: HTMLElement,
  label: string,
  text: string,
  option: string,
  user: ReturnType<typeof userEvent.setup>,
) {
  await user.type(within(d).getByLabelText(label), text);
  await user.click(await screen.findByTitle(option));
}

/** The open dropdown of a select, and the options it offers (by their titles). */
async function optionsOf(scope: HTMLElement, label: string, user: ReturnType<typeof userEvent.setup>) {
  const input = within(scope).getByLabelText(label);
  await user.click(input);
  const dropdown = await waitFor(() => {
    const el = document.getElementById(`${input.id}_list`)?.closest<HTMLElement>('.ant-select-dropdown');
    expect(el?.querySelector('.ant-select-item-option')).toBeTruthy();
    return el!;
  });
  const titles = [...dropdown.querySelectorAll('.ant-select-item-option')].map((o) =>
    o.getAttribute('title'),
  );
  return { titles, dropdown };
}

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  message.destroy();
  http.get.mockClear();
  http.post.mockClear();
});

describe('the customers’ points records (积分记录)', () => {
  it('lists each line with its signed change (green +, red -), the balance it left, its kind and event', async () => {
    draw();
    const earn = await rowOf('张三');
    for (const text of ['13900000001', 'Earned', 'Test drive', '+100', '1,200', '王建国'])
      expect(within(earn).getByText(text)).toBeTruthy();
    expect(within(earn).getByText('+100').style.color).toContain('success');
    const taken = await rowOf('李四');
    for (const text of ['Adjusted', '—', '-30', '70', '录入错误更正'])
      expect(within(taken).getByText(text)).toBeTruthy();
    expect(within(taken).getByText('-30').style.color).toContain('error');
    const redeemed = await rowOf('王五');
    expect(within(redeemed).getByText('-1,500')).toBeTruthy();
    expect(within(redeemed).getByText('2,500').style.textAlign).toBe('right');
    expect(within(redeemed).getByText('Redeemed')).toBeTruthy();
    for (const header of ['Customer', 'Phone', 'Type', 'Event', 'Change', 'Balance', 'Recorded by'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    // Newest first, and the day range goes with the filters.
    expect(http.get.mock.calls.find(([u]) => u === '/api/blade-points/record/list')?.[1]).toMatchObject({
      params: { current: 1, descs: 'createTime' },
    });
  }, 60_000);

  it('offers the adjustment only with its permission', async () => {
    draw(RecordsPage, ['score_records_view']);
    await rowOf('张三');
    expect(screen.queryByRole('button', { name: /Adjust points/ })).toBeNull();
    cleanup();
    draw();
    expect(await screen.findByRole('button', { name: /Adjust points/ })).toBeTruthy();
  }, 60_000);

  it('shows the balance, asks a reason for a hand change, keeps the balance at zero, and posts the contract’s body', async () => {
    const user = userEvent.setup();
    draw();
    await user.click(await screen.findByRole('button', { name: /Adjust points/ }));
    const d = await dialog("Adjust a customer's points");
    await pick(d, 'Customer', '张', '张三 · 13900000001', user);
    expect(http.get).toHaveBeenCalledWith('/api/blade-member/customer/page', {
      params: { name: '张', size: 20 },
      silent: true,
    });
    expect((await within(d).findByTestId('points-balance')).textContent).toBe('1,200');
    expect(within(d).getByText('1,500')).toBeTruthy();

    await user.click(within(d).getByText('Adjust by hand'));
    await user.type(within(d).getByLabelText('Change'), '0');
    await user.click(within(d).getByRole('button', { name: 'Save' }));
    expect(await within(d).findByText('The change cannot be 0')).toBeTruthy();
    expect(await within(d).findByText('Please enter the reason')).toBeTruthy();

    await user.clear(within(d).getByLabelText('Change'));
    await user.type(within(d).getByLabelText('Change'), '-1300');
    await user.click(within(d).getByRole('button', { name: 'Save' }));
    expect(await within(d).findByText('The balance cannot go below 0: it is 1,200')).toBeTruthy();
    expect(posts()).toEqual([]);

    await user.clear(within(d).getByLabelText('Change'));
    await user.type(within(d).getByLabelText('Change'), '-30');
    await user.type(within(d).getByLabelText('Reason'), '  录入错误更正  ');
    await user.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual([
      '/api/blade-points/record/adjust',
      { partyId: '17', change: -30, remark: '录入错误更正' },
    ]);
    await waitFor(() => expect(toasts()).toContain('Recorded: 张三 -30 points, balance 1,170'));
  }, 60_000);

  it('awards by an event’s rule with the remark optional, never a purchase (the order awards it)', async () => {
    const user = userEvent.setup();
    draw();
    // The list filters by every event a customer's line may carry, the purchase too.
    const search = document.querySelector<HTMLElement>('form[id="points-record-search"]')!;
    expect((await optionsOf(search, 'Event', user)).titles).toContain('Purchase');
    await user.click(await screen.findByRole('button', { name: /Adjust points/ }));
    const d = await dialog("Adjust a customer's points");
    await pick(d, 'Customer', '139', '张三 · 13900000001', user);
    // Digits search the phone.
    expect(http.get).toHaveBeenCalledWith('/api/blade-member/customer/page', {
      params: { phone: '139', size: 20 },
      silent: true,
    });
    await user.click(within(d).getByRole('button', { name: 'Save' }));
    expect(await within(d).findByText('Please select the event')).toBeTruthy();
    const { titles, dropdown } = await optionsOf(d, 'Event', user);
    expect(titles).toEqual(['Registration', 'Test drive', 'Referral', 'Review', 'Service visit']);
    await user.click(within(dropdown).getByTitle('Test drive'));
    await user.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual([
      '/api/blade-points/record/adjust',
      { partyId: '17', event: 'test_drive', remark: '' },
    ]);
  }, 60_000);
});

describe('the stores’ points records (商户积分记录)', () => {
  it('lists the stores’ lines, offers no purchase event and posts to record-tob', async () => {
    const user = userEvent.setup();
    draw(RecordsToBPage, STORES);
    const row = await rowOf('朝阳门店');
    for (const text of ['BJ-001', 'Referral', '+20', '50']) expect(within(row).getByText(text)).toBeTruthy();
    for (const header of ['Store', 'Store code'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    expect(http.get.mock.calls.some(([u]) => u === '/api/blade-points/record/list')).toBe(false);
    // The search form's events too.
    const search = document.querySelector<HTMLElement>('form[id="points-record-tob-search"]')!;
    expect((await optionsOf(search, 'Event', user)).titles).not.toContain('Purchase');

    await user.click(await screen.findByRole('button', { name: /Adjust points/ }));
    const d = await dialog("Adjust a store's points");
    await pick(d, 'Store', '朝阳', '朝阳门店 · BJ-001', user);
    expect(http.get).toHaveBeenCalledWith('/api/blade-basic/ground/list', {
      params: { name: '朝阳', size: 20 },
      silent: true,
    });
    expect(http.get).toHaveBeenCalledWith('/api/blade-points/record-tob/account', {
      params: { partyId: '31' },
    });
    expect((await within(d).findByTestId('points-balance')).textContent).toBe('50');
    const events = await optionsOf(d, 'Event', user);
    expect(events.titles).not.toContain('Purchase');
    expect(events.titles).toEqual(['Registration', 'Test drive', 'Referral', 'Review', 'Service visit']);
    await user.click(within(events.dropdown).getByTitle('Referral'));
    await user.type(within(d).getByLabelText('Remark'), '介绍新客户');
    await user.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toEqual([
      '/api/blade-points/record-tob/adjust',
      { partyId: '31', event: 'referral', remark: '介绍新客户' },
    ]);
  }, 60_000);

  it('needs its own permission to adjust', async () => {
    draw(RecordsToBPage, ['score_records_tob_view', 'score_records_adjust']);
    await rowOf('朝阳门店');
    expect(screen.queryByRole('button', { name: /Adjust points/ })).toBeNull();
  }, 60_000);
});

describe('the language', () => {
  it('speaks Chinese by default: columns, kinds, events, the dialog and its messages', async () => {
    await i18n.changeLanguage('zh');
    const user = userEvent.setup();
    draw();
    const row = await rowOf('张三');
    for (const text of ['获得', '试驾', '+100']) expect(within(row).getByText(text)).toBeTruthy();
    expect(within(await rowOf('李四')).getByText('调整')).toBeTruthy();
    expect(within(await rowOf('王五')).getByText('兑换')).toBeTruthy();
    for (const header of ['客户', '手机号', '类型', '事件', '变动积分', '余额', '经办人'])
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    await user.click(await screen.findByRole('button', { name: /积分调整/ }));
    const d = await dialog('客户积分调整');
    await user.click(within(d).getByText('手工调整'));
    await user.click(within(d).getByRole('button', { name: /^保\s?存$/ }));
    expect(await within(d).findByText('请选择客户')).toBeTruthy();
    expect(await within(d).findByText('请输入变动积分')).toBeTruthy();
    expect(await within(d).findByText('请输入原因')).toBeTruthy();
  }, 60_000);
});
