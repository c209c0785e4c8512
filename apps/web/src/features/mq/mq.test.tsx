import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, message } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MqConfirm, MqMessage, MqMessageData, MqRelation } from '@forecourt/contracts';
import '@/shared/upload/test-env';
import i18n from '@/shared/i18n';
import { useSession, type UserInfo } from '@/shared/auth/store';

const DONE: MqMessage = {
  id: '81',
  tenantId: '000000',
  topic: 'sales.offer.decided',
  businessKey: 'offer:301',
  status: 2,
  attempts: 1,
  nextAttemptTime: null,
  lastError: null,
  createTime: '2026-11-02 10:00:00',
  publishTime: '2026-11-02 10:00:01',
  finishTime: '2026-11-02 10:00:02',
};
const GIVEN_UP: MqMessage = {
  ...DONE,
  id: '82',
  topic: 'sales.offer.sent',
  businessKey: 'offer:302',
  status: 3,
  attempts: 5,
  lastError: '客户尚未开通聊天账号',
  finishTime: '2026-11-02 10:30:00',
};
const FAILED_CONFIRM: MqConfirm = {
  id: '91',
  tenantId: '000000',
  messageId: '82',
  topic: 'sales.offer.sent',
  consumer: 'chat.offer-card',
  attempt: 5,
  status: 2,
  error: '客户尚未开通聊天账号',
  durationMs: 12,
  createTime: '2026-11-02 10:30:00',
};
const BODY: MqMessageData = {
  id: '82',
  tenantId: '000000',
  topic: 'sales.offer.sent',
  payload: '{"offerId":"302","customerId":"17"}',
  size: 35,
  createTime: '2026-11-02 10:00:00',
};
const RELATION: MqRelation = {
  id: '71',
  topic: 'sales.offer.sent',
  consumer: 'chat.offer-card',
  status: 1,
  maxAttempts: 5,
  backlog: 0,
  failed: 1,
  updateTime: '2026-11-01 09:00:00',
};

/** The server as the pages meet it. */
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
const page = <T,>(records: T[]) => ({ records, total: records.length, current: 1, size: 10 });
http.get.mockImplementation(async (url: string) => {
  if (url === '/api/blade-dmt/mq-message/list') return page([DONE, GIVEN_UP]);
  if (url === '/api/blade-dmt/mq-message/detail')
    return { ...GIVEN_UP, payload: BODY.payload, confirms: [FAILED_CONFIRM] };
  if (url === '/api/blade-dmt/mq-relation/list') return [RELATION];
  throw new Error(`unexpected ${url}`);
});
http.post.mockImplementation(async (url: string) => {
  if (url === '/api/blade-dmt/mq-message/retry') return 1;
  if (url === '/api/blade-dmt/mq-relation/submit') return { ...RELATION, status: 0 };
  throw new Error(`unexpected ${url}`);
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));
const { default: MessagePage } = await import('./MessagePage');
const { default: RelationPage } = await import('./RelationPage');
const { topicName, consumerName, prettyJson } = await import('./names');

const PLATFORM = { tenant_id: '000000', role_name: 'administrator' };

function draw(page: React.ReactNode, codes: string[], user: Partial<UserInfo> = PLATFORM) {
  useSession.setState({
    user: { user_id: '1', account: 'admin', ...user } as UserInfo,
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

/** The dialog by its title: an earlier test's question may still be leaving the screen. */
const dialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;

beforeAll(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  message.destroy();
  http.get.mockClear();
  http.post.mockClear();
});

describe('the message queue', () => {
  it('lists messages with topic and status in words, read-only, and shows a given-up one in full', async () => {
    draw(<MessagePage />, ['mq_message_view', 'mq_message_add', 'mq_message_edit', 'mq_message_delete']);
    const done = (await screen.findByText('offer:301')).closest('tr')!;
    for (const text of ['Offer approved or rejected', 'Confirmed'])
      expect(within(done).getByText(text)).toBeTruthy();
    const given = screen.getByText('offer:302').closest('tr')!;
    for (const text of ['Offer sent', 'Given up', '客户尚未开通聊天账号'])
      expect(within(given).getByText(text)).toBeTruthy();
    // The code is there for who needs it.
    expect(within(given).getByTitle('sales.offer.sent')).toBeTruthy();
    // The queue writes it: nothing to add, edit or remove whatever codes the user has.
    expect(screen.queryByRole('button', { name: /Add$/ })).toBeNull();
    expect(within(given).queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    // Without mq_message_retry, no redelivery.
    expect(within(given).queryByRole('button', { name: 'Redeliver' })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(given).getByRole('button', { name: 'View' }));
    const d = await dialog('View message');
    await waitFor(() => expect(within(d).getByText(/"customerId": "17"/)).toBeTruthy());
    const answer = within(d).getByText('Send the offer card to the customer').closest('tr')!;
    for (const text of ['Failed', '客户尚未开通聊天账号', '12'])
      expect(within(answer).getByText(text)).toBeTruthy();
  }, 60_000);

  it('redelivers a given-up message, asked first, for whoever holds mq_message_retry', async () => {
    draw(<MessagePage />, ['mq_message_view', 'mq_message_retry']);
    const done = (await screen.findByText('offer:301')).closest('tr')!;
    expect(within(done).queryByRole('button', { name: 'Redeliver' })).toBeNull();
    const given = screen.getByText('offer:302').closest('tr')!;
    const user = userEvent.setup();
    await user.click(within(given).getByRole('button', { name: 'Redeliver' }));
    expect(await screen.findByText('Redeliver the message "Offer sent · offer:302"?')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
    const lists = http.get.mock.calls.filter(([u]) => u === '/api/blade-dmt/mq-message/list').length;
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post.mock.calls[0]).toEqual([
      '/api/blade-dmt/mq-message/retry',
      undefined,
      { params: { ids: '82' } },
    ]);
    expect(await screen.findByText('1 messages redelivered')).toBeTruthy();
    await waitFor(() =>
      expect(http.get.mock.calls.filter(([u]) => u === '/api/blade-dmt/mq-message/list').length).toBe(
        lists + 1,
      ),
    );
  }, 60_000);

  it('names the known topics and consumers, shows any other code as it is, and indents a body', () => {
    expect(topicName('sales.offer.decided')).toBe('Offer approved or rejected');
    expect(topicName('stock.arrived')).toBe('stock.arrived');
    expect(consumerName('chat.decision-notice')).toBe("Tell the offer's author the decision");
    expect(consumerName('crm.sync')).toBe('crm.sync');
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('not json')).toBe('not json');
  });
});

describe('the message relations', () => {
  const CODES = ['mq_relation_view', 'mq_relation_add', 'mq_relation_edit', 'mq_relation_delete'];

  it('lets the platform administrator pause a relation, and no one adds or removes one', async () => {
    draw(<RelationPage />, CODES);
    const row = (await screen.findByText('Send the offer card to the customer')).closest('tr')!;
    for (const text of ['Offer sent', 'Running', '5']) expect(within(row).getByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add$/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const d = await dialog('Edit message relation');
    await user.click(within(d).getByLabelText('Status'));
    await user.click(await screen.findByTitle('Paused'));
    await user.click(within(d).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(http.post).toHaveBeenCalledTimes(1));
    expect(http.post.mock.calls[0]).toEqual([
      '/api/blade-dmt/mq-relation/submit',
      { id: '71', status: 0, maxAttempts: 5 },
    ]);
  }, 60_000);

  it('offers the edit to nobody else: a tenant administrator, or the platform without the button', async () => {
    draw(<RelationPage />, CODES, { tenant_id: '100001', role_name: 'administrator' });
    let row = (await screen.findByText('Send the offer card to the customer')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'View' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
    cleanup();

    draw(<RelationPage />, ['mq_relation_view']);
    row = (await screen.findByText('Send the offer card to the customer')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
  }, 60_000);
});
