import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ClientErrorLog, ServerErrorLog } from '@forecourt/contracts';
import '@/shared/upload/test-env';
import i18n from '@/shared/i18n';
import { useSession, type UserInfo } from '@/shared/auth/store';

const BROWSER: ClientErrorLog = {
  id: '61',
  tenantId: '000000',
  userId: '7',
  account: 'sales1',
  type: 'unhandledrejection',
  message: 'Network Error',
  stack: 'at load (Stock.tsx:12)',
  info: 'unhandled promise rejection',
  url: 'https://dealer.example/fc/resource/index',
  occurredAt: '2026-11-02 10:00:00',
  userAgent: 'Chromium',
  createTime: '2026-11-02 10:00:01',
};
const SERVER: ServerErrorLog = {
  id: '71',
  tenantId: '000000',
  requestId: 'req-42',
  method: 'POST',
  requestUri: '/api/blade-sales/offer/submit',
  message: 'connection reset',
  stackTrace: 'Error: connection reset\n    at query',
  createBy: '1',
  account: 'admin',
  createTime: '2026-11-02 10:00:02',
};

const http = vi.hoisted(() => ({ get: vi.fn() }));
http.get.mockImplementation(async (url: string) => {
  if (url === '/api/blade-log/client/list') return { records: [BROWSER], total: 1, current: 1, size: 10 };
  if (url === '/api/blade-log/client/detail') return BROWSER;
  if (url === '/api/blade-log/error/list') return { records: [SERVER], total: 1, current: 1, size: 10 };
  if (url === '/api/blade-log/error/detail') return SERVER;
  throw new Error(`unexpected ${url}`);
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));
const { default: LogsPage } = await import('./LogsPage');

function draw(user: Partial<UserInfo>) {
  useSession.setState({
    user: { user_id: '1', account: 'admin', ...user } as UserInfo,
    permission: { dmt_log_view: true, dmt_log_add: true, dmt_log_delete: true },
  });
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <LogsPage />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

beforeAll(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  http.get.mockClear();
});

describe('Monitoring → Logs', () => {
  it("shows a tenant's administrator the browsers' errors only, read-only, with the stack in the view", async () => {
    draw({ tenant_id: '100001', role_name: 'administrator' });
    const row = (await screen.findByText('Network Error')).closest('tr')!;
    for (const text of ['sales1', 'Unhandled promise']) expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Server errors' })).toBeNull();
    expect(http.get.mock.calls.some(([u]) => String(u).startsWith('/api/blade-log/error'))).toBe(false);
    expect(screen.queryByRole('button', { name: /Add$/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'View' }));
    const d = await screen.findByRole('dialog');
    expect(within(d).getByText('View browser error')).toBeTruthy();
    await waitFor(() => expect(within(d).getByDisplayValue('at load (Stock.tsx:12)')).toBeTruthy());
  }, 60_000);

  it("shows the platform administrator the server's failed requests in their own tab", async () => {
    draw({ tenant_id: '000000', role_name: 'administrator' });
    await screen.findByText('Network Error');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Server errors' }));
    const row = (await screen.findByText('req-42')).closest('tr')!;
    for (const text of ['POST', '/api/blade-sales/offer/submit', 'connection reset', 'admin'])
      expect(within(row).getByText(text)).toBeTruthy();
  }, 60_000);
});
