import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@/shared/upload/test-env';
import '@/shared/i18n';
import { findPage, preloadPage } from './registry';

function draw(path: string) {
  const { Component } = findPage(path)!;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={<p>page loading</p>}>
          <Component />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a page found by its path', { timeout: 20_000 }, () => {
  it('is drawn in the same render when its code was preloaded, without suspending first', async () => {
    expect(await preloadPage('/test/index')).toHaveProperty('default');
    draw('/test/index');
    // No round of the fallback: the page itself is what the first render commits.
    expect(screen.queryByText('page loading')).toBeNull();
    expect(screen.getByLabelText('test-input')).toBeTruthy();
  });

  it('suspends once, showing the fallback, when its code is not in yet', async () => {
    draw('/info/index');
    expect(screen.getByText('page loading')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('page loading')).toBeNull(), { timeout: 15_000 });
  });
});
