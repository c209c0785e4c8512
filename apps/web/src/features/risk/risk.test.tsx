import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, message } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RiskDiary, SensitiveWord } from '@forecourt/contracts';
import '@/shared/upload/test-env';
import i18n from '@/shared/i18n';
import { useSession, type UserInfo } from '@/shared/auth/store';

const WORD: SensitiveWord = {
  id: '11',
  tenantId: '000000',
  word: '飞单',
  category: 'fraud',
  categoryName: '欺诈',
  status: 1,
  remark: null,
  createUser: null,
  createTime: '2026-11-01 09:00:00',
  updateTime: '2026-11-01 09:00:00',
};
const OFF: SensitiveWord = { ...WORD, id: '12', word: 'casino', category: 'gambling', status: 0 };
const ENTRY: RiskDiary = {
  id: '21',
  tenantId: '000000',
  source: 'chat',
  ref: '31',
  userId: '7',
  account: 'sales1',
  content: '私下转账给我，可以飞单',
  masked: '****给我，可以**',
  hits: ['私下转账', '飞单'],
  hitCount: 2,
  createTime: '2026-11-02 10:00:00',
};

/** The server as the pages meet it. */
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
http.get.mockImplementation(async (url: string, opts?: { params?: Record<string, unknown> }) => {
  if (url === '/api/blade-system/sensitive-word/list')
    return { records: [WORD, OFF], total: 2, current: 1, size: 10 };
  if (url === '/api/blade-system/sensitive-word/detail') return opts?.params?.id === OFF.id ? OFF : WORD;
  if (url === '/api/blade-system/risk-diary/list')
    return { records: [ENTRY], total: 1, current: 1, size: 10 };
  if (url === '/api/blade-system/risk-diary/detail') return ENTRY;
  throw new Error(`unexpected ${url}`);
});
http.post.mockImplementation(async (url: string, body?: Record<string, unknown>) => {
  if (url.endsWith('/import')) return { added: 2, skipped: 1, invalid: ['x'.repeat(101)] };
  if (url.endsWith('/test'))
    return String(body?.text).includes('飞单')
      ? { masked: '可以**吗', words: ['飞单'], hits: [{ word: '飞单', start: 2, end: 4 }] }
      : { masked: String(body?.text), words: [], hits: [] };
  return '1';
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));
const { default: WordPage } = await import('./WordPage');
const { default: DiaryPage } = await import('./DiaryPage');

function draw(page: React.ReactNode, codes: string[]) {
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

const WORD_CODES = ['text_filter_add', 'text_filter_edit', 'text_filter_delete', 'text_filter_view'];
const dialog = () => screen.getByRole('dialog');

beforeAll(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  message.destroy();
  http.get.mockClear();
  http.post.mockClear();
});

describe('the sensitive-word page', () => {
  it('lists words with their category and status, and refuses a word with a separator', async () => {
    draw(<WordPage />, WORD_CODES);
    const row = (await screen.findByText('飞单')).closest('tr')!;
    expect(within(row).getByText('Fraud')).toBeTruthy();
    expect(within(row).getByText('Enabled')).toBeTruthy();
    expect(within((await screen.findByText('casino')).closest('tr')!).getByText('Disabled')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Add$/ }));
    expect(within(await screen.findByRole('dialog')).getByText('Add sensitive word')).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: /save/i }));
    expect(await within(dialog()).findByText('Please enter the sensitive word')).toBeTruthy();
    await user.type(within(dialog()).getByLabelText('Sensitive word'), '私聊,加价');
    await user.click(within(dialog()).getByRole('button', { name: /save/i }));
    expect(
      await within(dialog()).findByText(
        'A sensitive word cannot contain a line break, a comma or a semicolon',
      ),
    ).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    await user.clear(within(dialog()).getByLabelText('Sensitive word'));
    await user.type(within(dialog()).getByLabelText('Sensitive word'), ' 私聊价 ');
    await user.click(within(dialog()).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    expect(http.post.mock.calls[0]).toEqual([
      '/api/blade-system/sensitive-word/submit',
      { word: '私聊价', category: 'other', status: 1, remark: '' },
    ]);
  }, 60_000);

  it('imports words and says how many were added, skipped and refused', async () => {
    draw(<WordPage />, WORD_CODES);
    await screen.findByText('飞单');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const d = await screen.findByRole('dialog');
    await user.click(within(d).getByRole('button', { name: 'Import' }));
    expect(await within(d).findByText('Please enter the words to import')).toBeTruthy();
    await user.type(within(d).getByLabelText('Words'), '私聊价{Enter}加价,飞单');
    await user.click(within(d).getByRole('button', { name: 'Import' }));
    expect(
      await within(d).findByText('Import complete: 2 added, 1 skipped (already listed or repeated)'),
    ).toBeTruthy();
    expect(within(d).getByText(/Not imported, longer than 100 characters: x{101}/)).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('/api/blade-system/sensitive-word/import', {
      words: '私聊价\n加价,飞单',
      category: 'other',
    });
    // The list is asked again for the words added.
    await waitFor(() =>
      expect(
        http.get.mock.calls.filter(([u]) => u === '/api/blade-system/sensitive-word/list').length,
      ).toBeGreaterThan(1),
    );
  }, 60_000);

  it('shows a text as the filter would deliver it, with the words hit', async () => {
    draw(<WordPage />, []);
    await screen.findByText('飞单');
    // Without the add code there is no import, but anyone who opens the page may test a text.
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Test a text' }));
    const d = await screen.findByRole('dialog');
    await user.type(within(d).getByLabelText('Text'), '可以飞单吗');
    await user.click(within(d).getByRole('button', { name: 'Test' }));
    const result = await within(d).findByTestId('risk-test-result');
    expect(within(result).getByText('可以**吗')).toBeTruthy();
    expect(within(result).getByText('飞单')).toBeTruthy();
    await user.clear(within(d).getByLabelText('Text'));
    await user.type(within(d).getByLabelText('Text'), '你好');
    await user.click(within(d).getByRole('button', { name: 'Test' }));
    expect(await within(d).findByText('No sensitive word found')).toBeTruthy();
  }, 60_000);
});

describe('the risk diary', () => {
  it('lists masked messages read-only, and shows what was written beside what was delivered', async () => {
    draw(<DiaryPage />, ['risk_diary_view', 'risk_diary_add', 'risk_diary_delete']);
    const row = (await screen.findByText('sales1')).closest('tr')!;
    expect(within(row).getByText('****给我，可以**')).toBeTruthy();
    expect(within(row).getByText('私下转账')).toBeTruthy();
    // An audit trail: no add, edit or remove whatever codes the user has.
    expect(screen.queryByRole('button', { name: /Add$/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'View' }));
    const d = await screen.findByRole('dialog');
    expect(within(d).getByText('View risk diary entry')).toBeTruthy();
    await waitFor(() => expect(within(d).getByDisplayValue('私下转账给我，可以飞单')).toBeTruthy());
    expect(within(d).getByDisplayValue('****给我，可以**')).toBeTruthy();
    expect(within(d).getByText('飞单')).toBeTruthy();
  }, 60_000);

  it('asks for the chosen days, whole days in the user time zone', async () => {
    draw(<DiaryPage />, ['risk_diary_view']);
    await screen.findByText('sales1');
    const user = userEvent.setup();
    await user.click(await screen.findByPlaceholderText('From'));
    await user.type(screen.getByPlaceholderText('From'), '2026-11-01{Enter}');
    await user.type(screen.getByPlaceholderText('To'), '2026-11-02{Enter}');
    const asked = () =>
      http.get.mock.calls
        .filter(([u]) => u === '/api/blade-system/risk-diary/list')
        .map(([, o]) => (o as { params: Record<string, unknown> }).params);
    await waitFor(() => expect(asked().some((p) => p.createTime_ge)).toBe(true));
    const p = asked().at(-1)!;
    expect(new Date(String(p.createTime_ge)).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(String(p.createTime_lt)).getTime()).toBe(new Date(2026, 10, 3).getTime());
  }, 60_000);
});
