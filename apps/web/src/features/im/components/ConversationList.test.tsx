import '../test/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from '@/shared/i18n';
import '../texts';
import type { Conversation } from '../sdk';
import { conversation } from '../test/fixtures';
import { ConversationList, REFRESH_DELAY_MS } from './ConversationList';

const conv = (i: number, over: Parameters<typeof conversation>[1] = {}): Conversation =>
  conversation(`u${i}`, {
    userProfile: { nick: `Colleague ${i}` },
    lastMessage: { lastTime: 1_700_000_000, messageForShow: `last words ${i}` },
    ...over,
  });

const setup = (conversations: Conversation[]) => {
  const props = { onSelect: vi.fn(), onRefresh: vi.fn(async () => {}), onDelete: vi.fn() };
  render(<ConversationList conversations={conversations} myID="me" {...props} />);
  return props;
};

// The first render of antd in jsdom is slow on a loaded machine; the lists themselves are quick.
describe('the conversation list', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('renders only a window of a long list', () => {
    setup(Array.from({ length: 5000 }, (_, i) => conv(i)));
    expect(screen.getByText('Colleague 0')).toBeTruthy();
    expect(screen.getAllByRole('option').length).toBeLessThan(60);
    expect(screen.queryByText('Colleague 4999')).toBeNull();
  });

  it('caps unread badges at 99+ and words revoked last messages', () => {
    setup([
      conv(1, { unreadCount: 120 }),
      conv(2, { lastMessage: { isRevoked: true, fromAccount: 'me' } }),
      conv(3, { lastMessage: { isRevoked: true, fromAccount: 'u3' } }),
    ]);
    expect(screen.getByText('99+')).toBeTruthy();
    expect(screen.getByText('You revoked a message')).toBeTruthy();
    expect(screen.getByText('The other party revoked a message')).toBeTruthy();
  });

  it('filters by names containing the text and selects on click', () => {
    const { onSelect } = setup([conv(1), conv(2), conv(12)]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search conversations' }), {
      target: { value: 'colleague 1' },
    });
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('data-conversation-id'))).toEqual([
      'C2Cu1',
      'C2Cu12',
    ]);
    fireEvent.click(screen.getByText('Colleague 12'));
    expect(onSelect).toHaveBeenCalledWith('C2Cu12');
  });

  it('refreshes about a second after the click, ignoring clicks meanwhile, then says the list was refreshed', async () => {
    vi.useFakeTimers();
    const { onRefresh } = setup([conv(1)]);
    const button = screen.getByRole('button', { name: 'Refresh' });
    fireEvent.click(button);
    fireEvent.click(button);
    act(() => void vi.advanceTimersByTime(REFRESH_DELAY_MS - 1));
    expect(onRefresh).not.toHaveBeenCalled();
    fireEvent.click(button);
    await act(async () => void vi.advanceTimersByTime(1));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    expect(await screen.findByText('Conversation list refreshed')).toBeTruthy();
  });
});
