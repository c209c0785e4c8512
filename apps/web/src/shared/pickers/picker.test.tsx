import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { cleanup, fireEvent, render as rtlRender, screen, waitFor } from '@testing-library/react';
import { ConfigProvider, message } from 'antd';
import { toasts } from '../upload/test-env';
import i18n from '../i18n';
import type { PickerValue } from './selection';

const get = vi.fn((url: string, opts: { params: Record<string, unknown> }) => {
  if (url.endsWith('/dept/lazy-tree')) {
    if (!opts.params.parentId)
      return Promise.resolve([{ id: '1', title: 'Group', isEmployee: false, leaf: false }]);
    if (opts.params.parentId === '1')
      return Promise.resolve([{ id: '2', title: 'Sales', isEmployee: false, leaf: true }]);
    return Promise.resolve([]);
  }
  if (url.endsWith('/dept-personnel')) {
    if (opts.params.deptId === '2')
      return Promise.resolve([
        { id: '20', title: 'Wang Jianguo', isEmployee: true, leaf: true },
        { id: '21', title: 'Li Na', isEmployee: true, leaf: true },
      ]);
    return Promise.resolve([]);
  }
  return Promise.reject(new Error(`unexpected ${url}`));
});
vi.mock('../http', async (real) => ({
  ...(await real<typeof import('../http')>()),
  http: { get: (url: string, opts: never) => get(url, opts) },
}));
const { DeptEmpPickerDialog } = await import('./DeptEmpPickerDialog');

const still = (ui: ReactElement) => (
  <ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>
);
const render = (ui: ReactElement) => {
  const r = rtlRender(still(ui));
  return { ...r, rerender: (next: ReactElement) => r.rerender(still(next)) };
};
const picked = () =>
  [...document.querySelectorAll('[aria-label="picked"] .ant-tag')].map((t) => t.textContent);
const treeNode = (title: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll('.ant-tree-treenode')].find(
      (n) => n.querySelector('.ant-tree-title')?.textContent === title,
    );
    if (!found) throw new Error(`no tree node ${title}`);
    return found;
  });
const expand = async (title: string) => {
  fireEvent.click((await treeNode(title)).querySelector('.ant-tree-switcher')!);
};

beforeAll(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  get.mockClear();
  message.destroy();
});

describe('department and employee picker dialog (spec §4)', () => {
  it('needs one item, then hands out the chosen employee', async () => {
    const onOk = vi.fn();
    render(<DeptEmpPickerDialog open onOk={onOk} onCancel={() => {}} />);
    await screen.findByText('Sales');
    fireEvent.click(screen.getByRole('button', { name: /OK/ }));
    await waitFor(() => expect(toasts()).toContain('Please select department/person'));
    expect(onOk).not.toHaveBeenCalled();

    await expand('Sales');
    fireEvent.click(await screen.findByText('Li Na'));
    expect(picked()).toEqual(['Li Na']);
    expect(get).toHaveBeenCalledWith('/api/blade-user/dept-personnel', {
      params: expect.objectContaining({ deptId: '2', type: 1 }),
    });
    fireEvent.click(screen.getByRole('button', { name: /OK/ }));
    expect(onOk).toHaveBeenCalledWith({
      orgList: [],
      empList: [expect.objectContaining({ id: '21', title: 'Li Na', isEmployee: true })],
    });
  });

  it('opens with a copy of the value and clears it on cancel', async () => {
    const value: PickerValue = { orgList: [{ id: '2', title: 'Sales', isEmployee: false }], empList: [] };
    const onOk = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(<DeptEmpPickerDialog open value={value} onOk={onOk} onCancel={onCancel} />);
    await waitFor(() => expect(picked()).toEqual(['Sales']));
    await expand('Sales');
    fireEvent.click(await screen.findByText('Wang Jianguo'));
    expect(picked()).toEqual(['Sales', 'Wang Jianguo']);
    // The value behind the dialog is untouched until confirm.
    expect(value.empList).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /Cancel/ }));
    expect(onCancel).toHaveBeenCalled();
    expect(picked()).toEqual([]);
    rerender(<DeptEmpPickerDialog open={false} value={value} onOk={onOk} onCancel={onCancel} />);
    rerender(<DeptEmpPickerDialog open value={value} onOk={onOk} onCancel={onCancel} />);
    await waitFor(() => expect(picked()).toEqual(['Sales']));
  });

  it('ticks only departments in department mode, and keeps one in a single picker', async () => {
    const onOk = vi.fn();
    render(<DeptEmpPickerDialog open mode="dept" multiple={false} onOk={onOk} onCancel={() => {}} />);
    fireEvent.click((await treeNode('Group')).querySelector('.ant-tree-title')!);
    fireEvent.click((await treeNode('Sales')).querySelector('.ant-tree-title')!);
    expect(picked()).toEqual(['Sales']);
    // Department mode never asks for staff.
    expect(get.mock.calls.some(([url]) => url.endsWith('/dept-personnel'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /OK/ }));
    expect(onOk).toHaveBeenCalledWith({ orgList: [expect.objectContaining({ id: '2' })], empList: [] });
  });
});
