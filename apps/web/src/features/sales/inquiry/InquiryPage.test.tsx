import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@/shared/upload/test-env';
import i18n from '@/shared/i18n';
import { ActionDialog } from './InquiryDialogs';
import type { InquiryListRow } from './inquiryDef';

const post = vi.hoisted(() => vi.fn(async () => true));
vi.mock('@/shared/http', async (orig) => ({
  ...(await orig<typeof import('@/shared/http')>()),
  http: { post, get: vi.fn(async () => []) },
}));

const row = { id: '42', customerName: '周先生', status: 'following' } as unknown as InquiryListRow;

describe('closing an inquiry', () => {
  it('asks for a reason when it is lost, then sends status and reason', async () => {
    await i18n.changeLanguage('en');
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ActionDialog kind="close" row={row} onClose={onClose} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Close · 周先生')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Required: Reason')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Reason'), 'Bought elsewhere');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/blade-sales/inquiry/close', {
        id: '42',
        status: 'lost',
        reason: 'Bought elsewhere',
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  }, 60_000);

  it('has every text of the page in Chinese and English', async () => {
    const zh = i18n.getResourceBundle('zh', 'translation').inq as Record<string, unknown>;
    const en = i18n.getResourceBundle('en', 'translation').inq as Record<string, unknown>;
    const keys = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'object' && v ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      );
    expect(keys(zh).sort()).toEqual(keys(en).sort());
    for (const k of keys(en)) expect(i18n.t(`inq.${k}`, { lng: 'en' }), k).toMatch(/^[A-Z0-9!]/);
  });
});
