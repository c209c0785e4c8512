import '../test/dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from '@/shared/i18n';
import '../texts';
import type { ContactGroup, Staff } from '../contacts';
import { ContactsPanel } from './ContactsPanel';

const staff = (account: string, realName: string, brandNames: string[] = []): Staff => ({
  id: account,
  account,
  realName,
  brandNames,
});

const lists: Record<ContactGroup, Record<string, Staff[]>> = {
  all: {
    W: [staff('sales1', 'Wang Jianguo', ['Toyota', 'Honda'])],
    Z: [staff('resource1', 'Zhang Wei')],
    A: [staff('admin', 'Administrator')],
  },
  resource: { Z: [staff('resource1', 'Zhang Wei')] },
  online: {},
  other: {},
};

const setup = () => {
  const fetchFriends = vi.fn(async (g: ContactGroup) => lists[g]);
  const onOpen = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ContactsPanel fetchFriends={fetchFriends} onOpen={onOpen} />
    </QueryClientProvider>,
  );
  return { fetchFriends, onOpen };
};

// Typing and the first antd render in jsdom are slow on a loaded machine (2 shared cores).
describe('the contacts panel', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it("shows each colleague with the brands joined, or 'none', without the admin account", async () => {
    setup();
    expect(await screen.findByText('Wang Jianguo')).toBeTruthy();
    expect(screen.getByText('Toyota, Honda')).toBeTruthy();
    expect(screen.getByText('None')).toBeTruthy();
    expect(screen.queryByText('Administrator')).toBeNull();
  });

  it('fetches each role filter once, however often it is chosen', async () => {
    const { fetchFriends } = setup();
    await screen.findByText('Wang Jianguo');
    await userEvent.click(screen.getByText('Resource staff'));
    await screen.findByText('Zhang Wei');
    expect(screen.queryByText('Wang Jianguo')).toBeNull();
    await userEvent.click(screen.getByText('All'));
    await screen.findByText('Wang Jianguo');
    await userEvent.click(screen.getByText('Resource staff'));
    await userEvent.click(screen.getByText('Online-sales staff'));
    await screen.findByText('No contacts');
    expect(fetchFriends.mock.calls.map(([g]) => g)).toEqual(['all', 'resource', 'online']);
  });

  it('trims the search text and opens the colleague clicked', async () => {
    const { onOpen } = setup();
    await screen.findByText('Wang Jianguo');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search contacts' }), '   zhang  ');
    expect(screen.queryByText('Wang Jianguo')).toBeNull();
    await userEvent.click(screen.getByText('Zhang Wei'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ account: 'resource1' }));
  });
});
