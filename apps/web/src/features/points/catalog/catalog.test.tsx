import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, message } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PointGoods, PointRule } from '@forecourt/contracts';
import '@/shared/upload/test-env';
import i18n from '@/shared/i18n';
import { useSession, type UserInfo } from '@/shared/auth/store';
import type { AnyRow, CrudDef } from '@/shared/crud';

const SIGN_UP: PointRule = {
  id: '11',
  name: '注册送积分',
  party: 'customer',
  event: 'register',
  points: 100,
  dailyLimit: 0,
  validFrom: null,
  validTo: null,
  status: 1,
  remark: '',
  createTime: '2026-11-01 09:00:00',
};
const PURCHASE: PointRule = {
  ...SIGN_UP,
  id: '12',
  name: '购车奖励',
  event: 'purchase',
  points: 5000,
  dailyLimit: 3,
  validFrom: '2026-11-01',
  validTo: '2026-12-31',
};
const STORE_DRIVE: PointRule = {
  ...SIGN_UP,
  id: '13',
  name: '门店试驾',
  party: 'store',
  event: 'test_drive',
  points: 20,
  dailyLimit: 5,
  validFrom: '2026-11-15',
  status: 0,
};
const WASH: PointGoods = {
  id: '21',
  name: '精洗套餐券',
  points: 2000,
  stock: 35,
  imageUrl: 'https://oss.example.com/points/wash.png',
  description: '全车精洗一次',
  status: 1,
  sort: 1,
  exchanged: 12,
  createTime: '2026-11-01 09:00:00',
};
const SCENT: PointGoods = {
  ...WASH,
  id: '22',
  name: '车载香薰',
  points: 800,
  stock: 0,
  imageUrl: '',
  status: 0,
  sort: 2,
  exchanged: 40,
};

/** The server as the pages meet it: the rules and the goods, and a save that works. */
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
const page = <T,>(records: T[]) => ({ records, total: records.length, current: 1, size: 10 });
http.post.mockResolvedValue(true);
http.get.mockImplementation(async (url: string, opts?: { params?: Record<string, unknown> }) => {
  const id = opts?.params?.id;
  if (url === '/api/blade-points/rule/list') return page([SIGN_UP, PURCHASE, STORE_DRIVE]);
  if (url === '/api/blade-points/rule/detail')
    return [SIGN_UP, PURCHASE, STORE_DRIVE].find((r) => r.id === id);
  if (url === '/api/blade-points/goods/list') return page([WASH, SCENT]);
  if (url === '/api/blade-points/goods/detail') return [WASH, SCENT].find((r) => r.id === id);
  throw new Error(`unexpected ${url}`);
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));
const { ruleDef } = await import('./ruleDef');
const { goodsDef } = await import('./goodsDef');
const { CrudTable } = await import('@/shared/crud');

function draw<R extends AnyRow>(def: CrudDef<R>, perm: string) {
  useSession.setState({
    user: { user_id: '1', account: 'admin', role_name: 'administrator' } as UserInfo,
    permission: Object.fromEntries(
      ['add', 'edit', 'delete', 'view'].map((k) => [`${perm}_${k}`, true as const]),
    ),
  });
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CrudTable def={def} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

/** A field of the dialog by its label (the custom fields have no input the label points at). */
const fieldOf = (d: HTMLElement, label: string) =>
  within(d).getByText(label, { selector: 'label' }).closest<HTMLElement>('.ant-form-item')!;

/** The options a select of the dialog offers, once opened. */
async function optionsOf(field: HTMLElement) {
  const user = userEvent.setup();
  // A field of the page's own loads with the form: its select comes once its code is in.
  const select = await waitFor(() => field.querySelector<HTMLElement>('.ant-select') ?? Promise.reject());
  await user.click(select);
  const open = await waitFor(() => {
    const list = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')];
    expect(list.length).toBeGreaterThan(0);
    return list.at(-1)!;
  });
  return [...open.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
}

async function choose(field: HTMLElement, option: string) {
  const user = userEvent.setup();
  await optionsOf(field);
  const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(
    -1,
  )!;
  const item = [...open.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
    (o) => o.textContent === option,
  )!;
  await user.click(item);
}

async function typeDay(field: HTMLElement, day: string) {
  const user = userEvent.setup();
  await user.type(field.querySelector('.ant-picker input')!, `${day}{Enter}`);
}

beforeEach(() => i18n.changeLanguage('zh'));
afterEach(() => {
  cleanup();
  message.destroy();
  http.get.mockClear();
  http.post.mockClear();
});

describe('the points rules', () => {
  it('lists the rules in Chinese by default: party, event and limits in words', async () => {
    draw(ruleDef, 'score_rules');
    const signUp = await rowOf('注册送积分');
    for (const text of ['客户', '注册', '100', '不限', '长期有效', '启用'])
      expect(within(signUp).getByText(text)).toBeTruthy();
    const purchase = await rowOf('购车奖励');
    for (const text of ['购车', '5000', '3 次/天', '2026-11-01 至 2026-12-31'])
      expect(within(purchase).getByText(text)).toBeTruthy();
    const store = await rowOf('门店试驾');
    for (const text of ['门店', '试驾', '5 次/天', '2026-11-15 起', '停用'])
      expect(within(store).getByText(text)).toBeTruthy();
    expect(headers()).toEqual(expect.arrayContaining(['规则名称', '适用对象', '获取场景', '每日次数上限']));
  }, 60_000);

  it('lists the rules in English', async () => {
    await i18n.changeLanguage('en');
    draw(ruleDef, 'score_rules');
    const signUp = await rowOf('注册送积分');
    for (const text of ['Customer', 'Registration', 'No limit', 'Always', 'Enabled'])
      expect(within(signUp).getByText(text)).toBeTruthy();
    const store = await rowOf('门店试驾');
    for (const text of ['Store', 'Test drive', '5 a day', 'From 2026-11-15', 'Disabled'])
      expect(within(store).getByText(text)).toBeTruthy();
    expect(headers()).toEqual(expect.arrayContaining(['Rule name', 'For', 'Event', 'Daily limit']));
  }, 60_000);

  it('refuses 0 points and an end before the start, then saves the rule', async () => {
    await i18n.changeLanguage('en');
    draw(ruleDef, 'score_rules');
    await rowOf('注册送积分');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Add$/ }));
    const d = await screen.findByRole('dialog');
    expect(within(d).getByText('Add points rule')).toBeTruthy();
    await user.type(within(d).getByLabelText('Rule name'), ' 评价送积分 ');
    await choose(fieldOf(d, 'Event'), 'Review');
    await user.type(within(d).getByLabelText('Points'), '0');
    await typeDay(fieldOf(d, 'Valid to'), '2026-11-01');
    // A start after the end already chosen: the end is checked again at once.
    await typeDay(fieldOf(d, 'Valid from'), '2026-12-01');
    expect(await within(d).findByText('The end date cannot be before the start date')).toBeTruthy();
    await user.click(within(d).getByRole('button', { name: /Save/ }));
    expect(await within(d).findByText('Points cannot be less than 1')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    const points = within(d).getByLabelText('Points');
    await user.clear(points);
    await user.type(points, '2.5');
    await user.click(within(d).getByRole('button', { name: /Save/ }));
    expect(await within(d).findByText('Points must be a whole number')).toBeTruthy();
    await user.clear(points);
    await user.type(points, '30');
    const to = fieldOf(d, 'Valid to').querySelector('input')!;
    await user.clear(to);
    await typeDay(fieldOf(d, 'Valid to'), '2026-12-31');
    await user.click(within(d).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post.mock.calls[0]).toEqual([
      '/api/blade-points/rule/submit',
      {
        name: '评价送积分',
        party: 'customer',
        event: 'review',
        points: 30,
        dailyLimit: 0,
        validFrom: '2026-12-01',
        validTo: '2026-12-31',
        status: 1,
        remark: '',
      },
    ]);
  }, 60_000);

  it('offers a purchase to customers only', async () => {
    draw(ruleDef, 'score_rules');
    const purchase = await rowOf('购车奖励');
    const user = userEvent.setup();
    await user.click(within(purchase).getByRole('button', { name: '编辑' }));
    const d = await screen.findByRole('dialog');
    await waitFor(() => expect(within(fieldOf(d, '获取场景')).getByText('购车')).toBeTruthy());
    expect(await optionsOf(fieldOf(d, '获取场景'))).toContain('购车');

    // A store earns nothing for a purchase: the event chosen goes, and is not offered again.
    await choose(fieldOf(d, '适用对象'), '门店');
    await waitFor(() => expect(within(fieldOf(d, '获取场景')).queryByText('购车')).toBeNull());
    const offered = await optionsOf(fieldOf(d, '获取场景'));
    expect(offered).not.toContain('购车');
    expect(offered).toEqual(expect.arrayContaining(['注册', '试驾', '转介绍', '评价', '到店保养']));
    await user.click(within(d).getByRole('button', { name: /保\s*存/ }));
    expect(
      await within(fieldOf(d, '获取场景')).findByText('请选择获取场景', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
  }, 60_000);
});

describe('the points goods', () => {
  it('lists the goods with points, stock and units exchanged, in Chinese by default', async () => {
    draw(goodsDef, 'score_goods');
    const wash = await rowOf('精洗套餐券');
    for (const text of ['2000', '35', '12', '上架']) expect(within(wash).getByText(text)).toBeTruthy();
    const thumb = within(wash).getByRole('img', { name: '精洗套餐券' });
    expect(thumb.getAttribute('src')).toBe(WASH.imageUrl);
    // A click shows the picture whole.
    await userEvent.setup().click(thumb);
    const preview = await screen.findByRole('dialog');
    expect(preview.querySelector('img')?.getAttribute('src')).toBe(WASH.imageUrl);
    const scent = await rowOf('车载香薰');
    for (const text of ['800', '0', '40', '下架']) expect(within(scent).getByText(text)).toBeTruthy();
    expect(within(scent).queryByRole('img')).toBeNull();
    expect(headers()).toEqual(expect.arrayContaining(['商品名称', '兑换积分', '库存', '已兑换']));
  }, 60_000);

  it('lists the goods in English and edits one', async () => {
    await i18n.changeLanguage('en');
    draw(goodsDef, 'score_goods');
    const scent = await rowOf('车载香薰');
    expect(within(scent).getByText('Off shelf')).toBeTruthy();
    expect(headers()).toEqual(expect.arrayContaining(['Goods name', 'Points', 'Stock', 'Exchanged']));

    const user = userEvent.setup();
    await user.click(within(scent).getByRole('button', { name: 'Edit' }));
    const d = await screen.findByRole('dialog');
    expect(within(d).getByText('Edit goods')).toBeTruthy();
    const points = await within(d).findByLabelText('Points');
    await waitFor(() => expect((points as HTMLInputElement).value).toBe('800'));
    await user.clear(points);
    await user.type(points, '0');
    await user.click(within(d).getByRole('button', { name: /Save/ }));
    expect(await within(d).findByText('Points cannot be less than 1')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    await user.clear(points);
    await user.type(points, '900');
    const stock = within(d).getByLabelText('Stock');
    await user.clear(stock);
    await user.type(stock, '50');
    await user.click(within(d).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post.mock.calls[0]).toEqual([
      '/api/blade-points/goods/submit',
      {
        id: '22',
        name: '车载香薰',
        points: 900,
        stock: 50,
        imageUrl: '',
        description: '全车精洗一次',
        status: 0,
        sort: 2,
      },
    ]);
  }, 60_000);
});
