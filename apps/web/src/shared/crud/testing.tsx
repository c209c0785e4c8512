/**
 * What the console pages' tests share (a test's import only, never the app's): a page drawn for a signed-in
 * member of staff holding these permission codes, with antd's motion off and queries not retried, and the
 * ways a user finds things on a declared list — a row by a text in it, a dialog by its title, a row's
 * buttons inline and under "More".
 */
import type { ReactNode } from 'react';
import { render, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession, type UserInfo } from '@/shared/auth/store';
import i18n from '@/shared/i18n';

export function drawPage(
  node: ReactNode,
  codes: readonly string[],
  user: { account: string; role: string } = { account: 'clerk', role: 'sales' },
) {
  useSession.setState({
    user: { user_id: '1', account: user.account, role_name: user.role } as UserInfo,
    permission: Object.fromEntries(codes.map((c) => [c, true as const])),
  });
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {node}
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

/** A listed row, by a text in it, once the list is in. */
export const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

/** The dialog by its title: an earlier test's dialog may still be leaving the screen. */
export const dialogTitled = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;

/** The row's buttons: the inline ones and those under "More". */
export async function buttonsOf(row: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  const inline = within(row)
    .queryAllByRole('button')
    .map((b) => b.textContent ?? '')
    .filter((s) => s && s !== i18n.t('crud.more'));
  const more = within(row).queryByRole('button', { name: new RegExp(i18n.t('crud.more')) });
  if (!more) return inline;
  await user.hover(more);
  const menu = await screen.findAllByRole('menuitem');
  const items = menu.map((m) => m.textContent ?? '');
  await user.unhover(more);
  return [...inline, ...items];
}
