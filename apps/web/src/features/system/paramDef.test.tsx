import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@/shared/upload/test-env';
import i18n from '@/shared/i18n';
import { FormDialog } from '@/shared/crud/FormDialog';
import { paramDef } from './paramDef';

const yesNo = [
  { value: 0, label: 'No' },
  { value: 1, label: 'Yes' },
];

describe('the parameter form', () => {
  it('shows the public flag with what it means, and sends it as changed', async () => {
    await i18n.changeLanguage('en');
    const onSubmit = vi.fn(async () => undefined);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FormDialog
          open
          name="param"
          title="Edit"
          mode="edit"
          columns={paramDef.columns}
          initial={{ paramName: 'Offer days', paramKey: 'offer.days', paramValue: '7', isPublic: 0 }}
          dictOptions={() => yesNo}
          onSubmit={onSubmit}
          onClose={() => undefined}
        />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Public'));
    await user.click(await screen.findByTitle('Yes'));
    expect(
      screen.getByText(
        'every signed-in user may read a public parameter; the others only users with the parameter permission',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ isPublic: 1 })));
  }, 60_000);

  it('is private when added', () => {
    expect(paramDef.columns.find((c) => c.prop === 'isPublic')?.form?.initial).toBe(0);
  });

  it('has the flag in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    expect(i18n.t('sys.param.isPublic')).toBe('公开');
    expect(i18n.t('sys.param.isPublicHelp')).toMatch(/所有登录用户都可读取/);
  });
});
