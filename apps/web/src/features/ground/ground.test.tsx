import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, message } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Ground } from '@forecourt/contracts';
import { toasts } from '@/shared/upload/test-env';
import i18n from '@/shared/i18n';
import { useSession, type UserInfo } from '@/shared/auth/store';

const PUDONG: Ground = {
  id: '61',
  tenantId: '000000',
  name: '前庭上海浦东店',
  code: 'SH-PD-01',
  zoneId: '12',
  zoneName: '上海',
  address: '上海市浦东新区世纪大道 100 号',
  longitude: 121.5071,
  latitude: 31.2397,
  areaCode: '310115',
  phone: '021-55556666',
  managerUser: '7',
  managerName: '王建国',
  businessHours: '09:00-18:00',
  status: 1,
  sort: 1,
  remark: null,
  createTime: '2026-11-01 09:00:00',
  updateTime: '2026-11-01 09:00:00',
};
const CLOSED: Ground = {
  ...PUDONG,
  id: '62',
  name: '前庭杭州西湖店',
  code: 'HZ-XH-01',
  zoneId: null,
  zoneName: null,
  address: '杭州市西湖区文三路 1 号',
  areaCode: null,
  phone: null,
  managerUser: null,
  managerName: null,
  status: 0,
  sort: 2,
};

/** The server as the page meets it: the stores, their zones (for the cascader) and nothing else. */
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
http.post.mockResolvedValue(PUDONG);
http.get.mockImplementation(async (url: string, opts?: { params?: Record<string, unknown> }) => {
  if (url === '/api/blade-basic/ground/list')
    return { records: [PUDONG, CLOSED], total: 2, current: 1, size: 10 };
  if (url === '/api/blade-basic/ground/detail')
    return opts?.params?.id === PUDONG.id ? { ...PUDONG, zonePath: ['11', '12'] } : CLOSED;
  if (url === '/api/blade-basic/zone/list-zone-tree')
    return [
      { id: '11', title: 'HD 华东', code: 'HD', children: [{ id: '12', title: 'SH 上海', code: 'SH' }] },
    ];
  if (url === '/api/blade-basic/region/lazy-tree') return [];
  throw new Error(`unexpected ${url}`);
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));
// jsdom draws no map: the dialog's map is a box that never locks a location.
vi.mock('@/shared/pickers/MapView', () => ({ default: () => null }));
const { groundDef } = await import('./groundDef');
const { CrudTable } = await import('@/shared/crud');

const CODES = ['ground_add', 'ground_edit', 'ground_delete', 'ground_view'];

function draw() {
  useSession.setState({
    user: { user_id: '1', account: 'admin', role_name: 'administrator' } as UserInfo,
    permission: Object.fromEntries(CODES.map((c) => [c, true as const])),
  });
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CrudTable def={groundDef} />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

const formDialog = () => screen.getAllByRole('dialog')[0]!;

beforeAll(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  message.destroy();
  http.get.mockClear();
  http.post.mockClear();
});

describe('the ground stores', () => {
  it('lists the stores with their zone, manager and status in words', async () => {
    draw();
    const open = (await screen.findByText('前庭上海浦东店')).closest('tr')!;
    for (const text of ['SH-PD-01', '上海', '021-55556666', '王建国', '09:00-18:00', 'Open'])
      expect(within(open).getByText(text)).toBeTruthy();
    const closed = screen.getByText('前庭杭州西湖店').closest('tr')!;
    expect(within(closed).getByText('Closed')).toBeTruthy();
  }, 60_000);

  it('does not add a store whose location is not locked on the map', async () => {
    draw();
    await screen.findByText('前庭上海浦东店');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Add$/ }));
    const d = await screen.findByRole('dialog');
    expect(within(d).getByText('Add store')).toBeTruthy();
    await user.type(within(d).getByLabelText('Store name'), '前庭苏州园区店');
    await user.type(within(d).getByLabelText('Store code'), 'SZ YQ 01');

    // An address typed without a point on the map is not taken.
    await user.click(within(d).getByRole('button', { name: /Choose on the map/ }));
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
    const map = screen.getAllByRole('dialog')[1]!;
    await user.type(within(map).getByLabelText('Address'), '苏州工业园区星湖街 1 号');
    await user.click(within(map).getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(toasts()).toContain('Please select on the map to lock the location'));
    await user.click(within(map).getByRole('button', { name: /Cancel/ }));

    await user.click(within(formDialog()).getByRole('button', { name: /Save/ }));
    expect(await within(formDialog()).findByText('Please enter the address')).toBeTruthy();
    expect(
      within(formDialog()).getByText('The store code may only hold letters, digits, - and _ (at most 32)'),
    ).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
  }, 60_000);

  it('edits a store: its address in the form, and the place and zone flattened into the body', async () => {
    draw();
    const row = (await screen.findByText('前庭上海浦东店')).closest('tr')!;
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const d = await screen.findByRole('dialog');
    await waitFor(() => expect(within(d).getByDisplayValue(PUDONG.address)).toBeTruthy());
    expect(within(d).getByText('Location: 31.239700, 121.507100 · 310115')).toBeTruthy();
    expect(within(d).getByText('王建国')).toBeTruthy();
    const phone = within(d).getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, 'not a phone');
    await user.click(within(d).getByRole('button', { name: /Save/ }));
    expect(await within(d).findByText('Please enter a valid phone number')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    await user.clear(phone);
    await user.type(phone, '021-66668888');
    await user.click(within(d).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post.mock.calls[0]).toEqual([
      '/api/blade-basic/ground/submit',
      {
        id: '61',
        name: '前庭上海浦东店',
        code: 'SH-PD-01',
        zoneId: '12',
        address: PUDONG.address,
        longitude: 121.5071,
        latitude: 31.2397,
        areaCode: '310115',
        phone: '021-66668888',
        managerUser: '7',
        businessHours: '09:00-18:00',
        status: 1,
        sort: 1,
        remark: null,
      },
    ]);
  }, 60_000);
});
