import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@/shared/upload/test-env';
import i18n from '@/shared/i18n';
import { TabBar } from './TabBar';
import { HOME, resetTabs, useTabs } from './tabs';

const TEST_TAB = { value: '/test/index', pattern: '/test/index', label: { zh: '测试页', en: 'Test page' } };

function draw() {
  useTabs.setState({ tabs: [HOME, TEST_TAB], active: TEST_TAB.value });
  const { container } = render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[TEST_TAB.value]}>
        <TabBar />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const tab = container.querySelector<HTMLElement>(`[data-node-key="${TEST_TAB.value}"]`)!;
  expect(tab).not.toBeNull();
  return tab;
}

describe('TabBar', { timeout: 20_000 }, () => {
  afterEach(() => resetTabs());

  it('opens the tab menu from a right-click anywhere on the tab, not only on its title', async () => {
    const tab = draw();
    // The tab's own box (its padding), outside the title text.
    fireEvent.contextMenu(tab);
    expect(await screen.findByRole('menuitem', { name: i18n.t('tabs.closeOthers') })).toBeTruthy();
  });

  it('opens the tab menu from its close button too', async () => {
    const tab = draw();
    fireEvent.contextMenu(tab.querySelector('.ant-tabs-tab-remove')!);
    expect(await screen.findByRole('menuitem', { name: i18n.t('tabs.closeAll') })).toBeTruthy();
  });
});
