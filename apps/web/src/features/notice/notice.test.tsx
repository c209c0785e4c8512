import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, message } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { NoticeLog } from '@forecourt/contracts';
import '@/shared/upload/test-env';
import i18n from '@/shared/i18n';
import { useSession, type UserInfo } from '@/shared/auth/store';

const SENT: NoticeLog = {
  id: '41',
  tenantId: '000000',
  channel: 'sms',
  receiver: '13501234512',
  templateCode: 'sms.h5:000000',
  content: '[Forecourt] Your verification code is ******, valid for 5 minutes.',
  sendStatus: 1,
  error: null,
  createTime: '2026-11-02 10:00:00',
};
const FAILED: NoticeLog = {
  ...SENT,
  id: '42',
  receiver: '13912345601',
  templateCode: 'sms.reset',
  sendStatus: 2,
  error: 'gateway said: quota exceeded',
};

/** The server as the page meets it. */
const http = vi.hoisted(() => ({ get: vi.fn() }));
http.get.mockImplementation(async (url: string, opts?: { params?: Record<string, unknown> }) => {
  if (url === '/api/blade-system/notice-log/list')
    return { records: [SENT, FAILED], total: 2, current: 1, size: 10 };
  if (url === '/api/blade-system/notice-log/detail') return opts?.params?.id === FAILED.id ? FAILED : SENT;
  throw new Error(`unexpected ${url}`);
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));
const { default: NoticeLogPage } = await import('./NoticeLogPage');
const { templateName } = await import('./noticeLogDef');

function draw(codes: string[]) {
  useSession.setState({
    user: { user_id: '1', account: 'admin', role_name: 'administrator' } as UserInfo,
    permission: Object.fromEntries(codes.map((c) => [c, true as const])),
  });
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NoticeLogPage />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

beforeAll(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  message.destroy();
  http.get.mockClear();
});

describe('the notice log', () => {
  it('lists sends read-only with channel, template and status in words, and shows why one failed', async () => {
    draw(['notice_log_view', 'notice_log_add', 'notice_log_delete']);
    const sent = (await screen.findByText('13501234512')).closest('tr')!;
    for (const text of ['SMS', 'Customer sign-in code', 'Sent']) expect(within(sent).getByText(text)).toBeTruthy();
    const failed = screen.getByText('13912345601').closest('tr')!;
    for (const text of ['Password reset code', 'Failed', 'gateway said: quota exceeded'])
      expect(within(failed).getByText(text)).toBeTruthy();
    // An operations record: no add, edit or remove whatever codes the user has.
    expect(screen.queryByRole('button', { name: /Add$/ })).toBeNull();
    expect(within(sent).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(failed).getByRole('button', { name: 'View' }));
    const d = await screen.findByRole('dialog');
    expect(within(d).getByText('View notice log entry')).toBeTruthy();
    await waitFor(() => expect(within(d).getByDisplayValue('gateway said: quota exceeded')).toBeTruthy());
    expect(within(d).getByText('Password reset code')).toBeTruthy();
  }, 60_000);

  it('asks for the chosen days, whole days in the user time zone', async () => {
    draw(['notice_log_view']);
    await screen.findByText('13501234512');
    const user = userEvent.setup();
    await user.click(await screen.findByPlaceholderText('From'));
    await user.type(screen.getByPlaceholderText('From'), '2026-11-01{Enter}');
    await user.type(screen.getByPlaceholderText('To'), '2026-11-02{Enter}');
    const asked = () =>
      http.get.mock.calls
        .filter(([u]) => u === '/api/blade-system/notice-log/list')
        .map(([, o]) => (o as { params: Record<string, unknown> }).params);
    await waitFor(() => expect(asked().some((p) => p.createTime_ge)).toBe(true));
    const p = asked().at(-1)!;
    expect(new Date(String(p.createTime_ge)).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(String(p.createTime_lt)).getTime()).toBe(new Date(2026, 10, 3).getTime());
  }, 60_000);

  it('names the templates the platform sends and shows any other code as it is', () => {
    expect(templateName('sms.h5:100001')).toBe('Customer sign-in code');
    expect(templateName('sms.reset')).toBe('Password reset code');
    expect(templateName('mail.welcome')).toBe('mail.welcome');
    expect(templateName(null)).toBe('');
  });
});
