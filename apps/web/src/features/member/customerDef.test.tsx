import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, message } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Customer } from '@forecourt/contracts';
import { toasts } from '@/shared/upload/test-env';
import i18n from '@/shared/i18n';
import { useSession, type UserInfo } from '@/shared/auth/store';

const ZHANG: Customer = {
  id: '101',
  tenantId: '000000',
  name: '张志强',
  phone: '13601234501',
  sex: 1,
  source: '1',
  brand: 'toyota',
  intentionLevel: 'H',
  userId: '7',
  userName: '王建国',
  remark: '周末试驾',
  status: 1,
  lastLoginTime: null,
  createTime: '2025-01-05 10:00:00',
  updateTime: '2025-01-05 10:00:00',
};
const LEAD: Customer = {
  ...ZHANG,
  id: '102',
  name: '客户4501',
  phone: '13601234502',
  userId: null,
  userName: null,
};

const DICTS: Record<string, Array<{ dictKey: string; dictValue: string }>> = {
  sex: [
    { dictKey: '1', dictValue: 'Male' },
    { dictKey: '2', dictValue: 'Female' },
    { dictKey: '3', dictValue: 'Hidden' },
  ],
  customer_source: [{ dictKey: '1', dictValue: 'Walk-in' }],
  car_brand: [{ dictKey: 'toyota', dictValue: 'Toyota' }],
  intention_level: [{ dictKey: 'H', dictValue: 'Hot' }],
};

/** The server as the page meets it: the customer page, dictionaries, the department tree and its staff. */
const http = vi.hoisted(() => ({
  get: vi.fn(),
  post: vi.fn(async (..._: unknown[]) => '1'),
  raw: vi.fn(async (..._: unknown[]) => ({ code: 200, data: 1, msg: '已将 1 位客户分配给 李晓梅' })),
}));
http.get.mockImplementation(async (url: string, opts?: { params?: Record<string, unknown> }) => {
  const p = opts?.params ?? {};
  if (url === '/api/blade-member/customer/page')
    return { records: [ZHANG, LEAD], total: 2, current: 1, size: 10 };
  if (url === '/api/blade-member/customer/detail') return p.id === LEAD.id ? LEAD : ZHANG;
  if (url.endsWith('/dictionary')) return DICTS[String(p.code)] ?? [];
  if (url.endsWith('/dept/lazy-tree'))
    return p.parentId ? [] : [{ id: '1', title: 'Forecourt', isEmployee: false, leaf: false }];
  if (url.endsWith('/dept-personnel'))
    return [
      { id: '7', title: '王建国', isEmployee: true, leaf: true },
      { id: '8', title: '李晓梅', isEmployee: true, leaf: true },
    ];
  throw new Error(`unexpected ${url}`);
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));
const { default: CustomerPage } = await import('./CustomerPage');

const ADMIN_CODES = ['member_add', 'member_edit', 'member_delete', 'member_view', 'member_assign'];

function draw(o: { roles: string; codes: string[] }) {
  useSession.setState({
    user: { user_id: '9', account: 'me', real_name: '赵雨桐', role_name: o.roles } as UserInfo,
    permission: Object.fromEntries(o.codes.map((c) => [c, true as const])),
  });
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CustomerPage />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const dialog = () => screen.getByRole('dialog');
const pageCalls = () =>
  http.get.mock.calls.filter(([url]) => url === '/api/blade-member/customer/page').length;

beforeAll(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  message.destroy();
  http.get.mockClear();
  http.post.mockClear();
  http.raw.mockClear();
});

describe('the customer list', () => {
  it('shows the responsible staff member by name and dictionary labels, an unassigned lead as such', async () => {
    draw({ roles: 'administrator', codes: ADMIN_CODES });
    const row = await rowOf('张志强');
    await waitFor(() => expect(within(row).getByText('Toyota')).toBeTruthy());
    for (const text of ['王建国', 'Walk-in', 'Hot', 'Male', 'Active', '13601234501'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(await rowOf('客户4501')).getByText('Not assigned')).toBeTruthy();
  }, 60_000);

  it('refuses a malformed mobile number with the spec message, then sends the customer', async () => {
    draw({ roles: 'administrator', codes: ADMIN_CODES });
    await rowOf('张志强');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Add$/ }));
    await user.type(within(await screen.findByRole('dialog')).getByLabelText('Customer name'), ' 林小红 ');
    await user.type(within(dialog()).getByLabelText('Mobile number'), '1880123451');
    await user.click(within(dialog()).getByRole('button', { name: /save/i }));
    expect(await within(dialog()).findByText('Mobile number must be 11 digits')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    await user.clear(within(dialog()).getByLabelText('Mobile number'));
    await user.type(within(dialog()).getByLabelText('Mobile number'), '28801234514');
    await user.click(within(dialog()).getByRole('button', { name: /save/i }));
    expect(await within(dialog()).findByText('Mobile number must start with 1')).toBeTruthy();

    await user.clear(within(dialog()).getByLabelText('Mobile number'));
    await user.type(within(dialog()).getByLabelText('Mobile number'), '18801234514');
    await user.click(within(dialog()).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    const [url, body] = http.post.mock.calls[0]!;
    expect(url).toBe('/api/blade-member/customer/submit');
    // An administrator's new customer starts unassigned unless one is chosen; empty choices go as null.
    expect(body).toEqual(
      expect.objectContaining({
        name: ' 林小红 ',
        phone: '18801234514',
        sex: 3,
        status: 1,
        userId: '',
        source: null,
        brand: null,
        intentionLevel: null,
      }),
    );
    expect((body as { id?: string }).id).toBeUndefined();
  }, 60_000);

  it('lets an administrator assign a customer to a colleague picked in the staff tree', async () => {
    draw({ roles: 'administrator', codes: ADMIN_CODES });
    const row = await rowOf('张志强');
    expect(screen.getAllByRole('button', { name: 'Assign' }).length).toBeGreaterThan(1);
    const before = pageCalls();
    fireEvent.click(within(row).getByRole('button', { name: 'Assign' }));
    // The dialog names the customer and starts from the current staff member.
    expect(await screen.findByText('Assign: 张志强')).toBeTruthy();
    const picked = () => document.querySelector('[aria-label="picked"]')!;
    await waitFor(() => expect(within(picked() as HTMLElement).getByText('王建国')).toBeTruthy());
    fireEvent.click(await screen.findByText('李晓梅'));
    await waitFor(() => expect(within(picked() as HTMLElement).getByText('李晓梅')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(http.raw).toHaveBeenCalled());
    expect(http.raw.mock.calls[0]![0]).toEqual({
      url: '/api/blade-member/customer/assign',
      method: 'POST',
      data: { ids: '101', userId: '8' },
    });
    // The server's own words, and the list read again.
    await waitFor(() => expect(toasts()).toContain('已将 1 位客户分配给 李晓梅'));
    await waitFor(() => expect(pageCalls()).toBeGreaterThan(before));
  }, 60_000);

  it('gives a salesperson no assign button, and their own name locked in the form, sending no staff member', async () => {
    draw({ roles: 'sales', codes: ['member_add', 'member_edit', 'member_delete', 'member_view'] });
    await rowOf('张志强');
    expect(screen.queryByRole('button', { name: 'Assign' })).toBeNull();
    // No staff filter either: their list is their own.
    expect(screen.queryByText('Responsible staff', { selector: 'label' })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Add$/ }));
    await within(await screen.findByRole('dialog')).findByText(
      'Only an administrator can choose or change the responsible staff member; customers you add are yours',
    );
    expect(await within(dialog()).findByText('赵雨桐')).toBeTruthy();
    expect(
      within(dialog())
        .getByRole('button', { name: /choose/i })
        .hasAttribute('disabled'),
    ).toBe(true);
    await user.type(within(dialog()).getByLabelText('Customer name'), '林小红');
    await user.type(within(dialog()).getByLabelText('Mobile number'), '18801234514');
    await user.click(within(dialog()).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    expect(http.post.mock.calls[0]![1]).not.toHaveProperty('userId');
  }, 60_000);

  it('has its texts in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    expect(i18n.t('member.assign')).toBe('分配负责人');
    expect(i18n.t('member.staff')).toBe('负责人');
    expect(i18n.t('validators.mobileLength')).toBe('手机号必须为 11 位数字');
    await i18n.changeLanguage('en');
  });
});
