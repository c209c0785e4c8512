import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, message } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { NoticeLog, NoticeTemplate } from '@forecourt/contracts';
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

const TEMPLATE: NoticeTemplate = {
  id: '51',
  tenantId: '000000',
  code: 'sms.h5',
  name: '客户登录验证码',
  channel: 'sms',
  content: '【前庭】您的验证码是 {code}，{minutes} 分钟内有效。',
  status: 1,
  remark: null,
  createTime: '2026-11-01 09:00:00',
  updateTime: '2026-11-01 09:00:00',
};

/** The server as the pages meet it. */
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
http.post.mockResolvedValue('52');
http.get.mockImplementation(async (url: string, opts?: { params?: Record<string, unknown> }) => {
  if (url === '/api/blade-system/notice-log/list')
    return { records: [SENT, FAILED], total: 2, current: 1, size: 10 };
  if (url === '/api/blade-system/notice-log/detail') return opts?.params?.id === FAILED.id ? FAILED : SENT;
  if (url === '/api/blade-system/notice-template/list')
    return { records: [TEMPLATE], total: 1, current: 1, size: 10 };
  if (url === '/api/blade-system/notice-template/detail') return TEMPLATE;
  throw new Error(`unexpected ${url}`);
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));
const { default: NoticeLogPage } = await import('./NoticeLogPage');
const { templateName } = await import('./noticeLogDef');
const { templateDef } = await import('./templateDef');
const { CrudTable } = await import('@/shared/crud');

function draw(codes: string[], page: React.ReactNode = <NoticeLogPage />) {
  useSession.setState({
    user: { user_id: '1', account: 'admin', role_name: 'administrator' } as UserInfo,
    permission: Object.fromEntries(codes.map((c) => [c, true as const])),
  });
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {page}
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

beforeAll(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  message.destroy();
  http.get.mockClear();
  http.post.mockClear();
});

describe('the notice log', () => {
  it('lists sends read-only with channel, template and status in words, and shows why one failed', async () => {
    draw(['notice_log_view', 'notice_log_add', 'notice_log_delete']);
    const sent = (await screen.findByText('13501234512')).closest('tr')!;
    for (const text of ['SMS', 'Customer sign-in code', 'Sent'])
      expect(within(sent).getByText(text)).toBeTruthy();
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
    expect(templateName('sms.h5')).toBe('Customer sign-in code');
    expect(templateName('sms.reset')).toBe('Password reset code');
    expect(templateName('mail.welcome')).toBe('mail.welcome');
    expect(templateName(null)).toBe('');
  });
});

describe('the notice templates', () => {
  const CODES = [
    'notice_template_add',
    'notice_template_edit',
    'notice_template_delete',
    'notice_template_view',
  ];

  it('lists the texts by what they are for, and refuses a text the sender could not fill before sending it', async () => {
    draw(CODES, <CrudTable def={templateDef} />);
    const row = (await screen.findByText('客户登录验证码')).closest('tr')!;
    for (const text of ['Customer sign-in code', 'SMS', 'Enabled'])
      expect(within(row).getByText(text)).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Add$/ }));
    const d = await screen.findByRole('dialog');
    expect(within(d).getByText('Add notice template')).toBeTruthy();
    await user.click(within(d).getByLabelText('Used for'));
    await user.click(await screen.findByTitle('Password reset code'));
    await user.type(within(d).getByLabelText('Template name'), '找回密码');
    const text = within(d).getByLabelText('Template text');
    await user.type(text, '您的验证码已发送');
    await user.click(within(d).getByRole('button', { name: /Save/ }));
    expect(
      await within(d).findByText('The template text must contain {code}, where the code goes'),
    ).toBeTruthy();
    await user.clear(text);
    await user.type(text, '{{name}，验证码 {{code}');
    await user.click(within(d).getByRole('button', { name: /Save/ }));
    expect(
      await within(d).findByText('Unknown placeholder {name}; the ones filled in are: {code} {minutes}'),
    ).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    await user.clear(text);
    await user.type(text, '验证码 {{code}，{{minutes} 分钟内有效');
    await user.click(within(d).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post.mock.calls[0]).toEqual([
      '/api/blade-system/notice-template/submit',
      {
        code: 'sms.reset',
        name: '找回密码',
        content: '验证码 {code}，{minutes} 分钟内有效',
        status: 1,
        remark: '',
      },
    ]);
  }, 60_000);
});
