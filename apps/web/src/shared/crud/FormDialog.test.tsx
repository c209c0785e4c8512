import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../upload/test-env';
import '../i18n';
import { FormDialog } from './FormDialog';
import type { CrudColumn } from './types';

const columns: CrudColumn[] = [
  { prop: 'name', label: 'Name', form: { required: true, max: 5 } },
  {
    prop: 'category',
    label: 'Category',
    dict: { code: 'menu_category' },
    numeric: true,
    form: { required: true, initial: 1 },
  },
];

describe('FormDialog', () => {
  it('sends the typed values with the initial choices, and names the missing field', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <FormDialog
          open
          name="t"
          title="Add"
          mode="add"
          columns={columns}
          dictOptions={() => [
            { value: 1, label: 'Menu' },
            { value: 2, label: 'Button' },
          ]}
          onSubmit={onSubmit}
          onClose={() => undefined}
        />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /保\s?存/ }));
    await screen.findByText('请输入Name');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Name'), 'abc');
    await user.click(screen.getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'abc', category: 1 }));
  }, 30_000);
});
