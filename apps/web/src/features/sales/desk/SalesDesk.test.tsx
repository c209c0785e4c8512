import '@/shared/upload/test-env';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import i18n from '@/shared/i18n';
import type { SalesDeskSummary } from './api';
import { funnelOption, stockAgeOption } from './charts';

const item = (
  id: string,
  customerName: string,
  extra: Partial<SalesDeskSummary['followUpsToday']['items'][0]> = {},
) => ({
  id,
  customerName,
  modelName: '比亚迪 汉 2025 EV 冠军版',
  status: 'following' as const,
  ownerName: '王建国',
  createTime: '2026-03-01 09:00:00',
  nextFollowTime: null,
  ...extra,
});
const summary = (scope: SalesDeskSummary['scope']): SalesDeskSummary => ({
  scope,
  firstResponseMinutes: 30,
  firstResponseOverdue: { total: 12, items: [item('101', '张伟', { status: 'assigned' })] },
  followUpsOverdue: { total: 3, items: [item('102', '李娜', { nextFollowTime: '2026-03-09 10:00:00' })] },
  followUpsToday: { total: 0, items: [] },
  funnel: { month: '2026-03', inquiries: 40, quoted: 15, won: 6 },
  stockAge: [
    { band: '0-30', color: 'green', count: 15 },
    { band: '31-60', color: 'gold', count: 29 },
    { band: '61-90', color: 'orange', count: 0 },
    { band: '>90', color: 'red', count: 26 },
  ],
});

let answer = summary('own');
const get = vi.fn((url: string) =>
  url === '/api/blade-sales/desk/summary' ? Promise.resolve(answer) : Promise.reject(new Error(url)),
);
vi.mock('@/shared/http', async (real) => ({
  ...(await real<typeof import('@/shared/http')>()),
  http: { get: (url: string) => get(url) },
}));
const open = vi.fn();
vi.mock('@/shared/menu/navigate', () => ({ useOpenMenu: () => open }));
// Canvas charts do not draw in jsdom: the chart stands in with the option it was given.
vi.mock('./DeskChart', () => ({
  default: ({ option, label }: { option: object; label: string }) => (
    <div role="img" aria-label={label} data-option={JSON.stringify(option)} />
  ),
}));
const { default: SalesDesk } = await import('./SalesDesk');

const draw = () =>
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={new QueryClient()}>
        <SalesDesk />
      </QueryClientProvider>
    </ConfigProvider>,
  );

describe('the sales workbench cards', () => {
  beforeEach(() => {
    open.mockClear();
    answer = summary('own');
  });

  it('shows what waits, with counts, and opens an inquiry on click', async () => {
    await i18n.changeLanguage('en');
    draw();
    expect(await screen.findByText('Sales workbench')).toBeTruthy();
    expect(screen.getByText('My rows')).toBeTruthy();
    expect(screen.getByLabelText('Overdue first responses: 12')).toBeTruthy();
    expect(screen.getByLabelText('My overdue follow-ups: 3')).toBeTruthy();
    expect(screen.getByLabelText("Today's follow-ups: 0")).toBeTruthy();
    expect(screen.getByText('New or assigned for more than 30 min without a follow-up')).toBeTruthy();
    expect(screen.getByText('Due 03-09 10:00')).toBeTruthy();
    expect(screen.getByText('Nothing here')).toBeTruthy();
    // a salesperson's own rows: no owner names
    expect(screen.queryByText(/王建国/)).toBeNull();
    // A real link inside a list item (a list may hold only items): its address is the inquiry's.
    const link = screen.getByRole('link', { name: 'Open inquiry 李娜' });
    expect(link.getAttribute('href')).toBe('/fc/inquiry/index?id=102');
    expect(link.parentElement!.tagName).toBe('LI');
    await userEvent.setup().click(link);
    expect(open).toHaveBeenCalledWith('/fc/inquiry/index?id=102');
    const funnel = await screen.findByRole('img', { name: 'Funnel this month (2026-03)' });
    const data = JSON.parse(funnel.getAttribute('data-option')!).series[0].data;
    expect(data.map((d: { name: string; value: number }) => [d.name, d.value])).toEqual([
      ['Inquiries', 40],
      ['Quoted', 15],
      ['Won', 6],
    ]);
    expect(screen.getByRole('img', { name: 'Stock age' })).toBeTruthy();
  }, 30_000);

  it("names each row's owner for a department head, in Chinese", async () => {
    await i18n.changeLanguage('zh');
    answer = summary('depts');
    draw();
    expect(await screen.findByText('销售工作台')).toBeTruthy();
    expect(screen.getByText('本部门及下级部门')).toBeTruthy();
    expect(screen.getByLabelText('首次响应超时: 12')).toBeTruthy();
    expect(screen.getByText('今日跟进')).toBeTruthy();
    expect(screen.getAllByText(/王建国/)).toHaveLength(2);
    expect(await screen.findByRole('img', { name: '本月漏斗（2026-03）' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('img', { name: '库龄' })).toBeTruthy());
  }, 30_000);
});

describe('the sales workbench charts', () => {
  const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p);

  it('draws every stock-age band in its colour, in order, an empty band as zero', async () => {
    await i18n.changeLanguage('en');
    const s = summary('own');
    const o = stockAgeOption(s, t, (c) => `#${c}`);
    expect(o.xAxis.data).toEqual(['0–30 days', '31–60 days', '61–90 days', 'Over 90 days']);
    expect(o.series[0]!.data).toEqual([
      { value: 15, itemStyle: { color: '#green' } },
      { value: 29, itemStyle: { color: '#gold' } },
      { value: 0, itemStyle: { color: '#orange' } },
      { value: 26, itemStyle: { color: '#red' } },
    ]);
  });

  it('keeps the funnel in the order inquiries → quoted → won, scaled to the inquiries', () => {
    const o = funnelOption(summary('all'), t, ['a', 'b', 'c']);
    expect(o.series[0]!.sort).toBe('none');
    expect(o.series[0]!.max).toBe(40);
    expect(o.series[0]!.data.map((d) => d.value)).toEqual([40, 15, 6]);
    const empty = summary('all');
    empty.funnel = { month: '2026-04', inquiries: 0, quoted: 0, won: 0 };
    expect(funnelOption(empty, t, ['a']).series[0]!.max).toBe(1);
  });
});
