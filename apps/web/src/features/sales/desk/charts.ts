import type { SalesDeskSummary } from './api';

type T = (key: string, params?: Record<string, unknown>) => string;

/** The month's funnel: inquiries → quoted → won, widest first. */
export function funnelOption(s: SalesDeskSummary, t: T, colors: string[]) {
  const steps = (['inquiries', 'quoted', 'won'] as const).map((k, i) => ({
    name: t(`salesDesk.funnelSteps.${k}`),
    value: s.funnel[k],
    itemStyle: { color: colors[i % colors.length] },
  }));
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c}' },
    series: [
      {
        type: 'funnel',
        sort: 'none',
        min: 0,
        max: Math.max(1, s.funnel.inquiries),
        minSize: '8%',
        gap: 2,
        label: { show: true, position: 'inside', formatter: '{b} {c}' },
        data: steps,
      },
    ],
  };
}

/**
 * Vehicles per stock-age band, each bar in its band's colour (the resource list's colours). The server answers
 * every band in order with its colour, so the web keeps no copy of the bands (nor loads the sales rules).
 */
export function stockAgeOption(s: SalesDeskSummary, t: T, colorOf: (c: string) => string) {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 40, right: 16, top: 16, bottom: 32 },
    xAxis: { type: 'category', data: s.stockAge.map((b) => t(`salesDesk.bands.${b.band}`)) },
    yAxis: { type: 'value', minInterval: 1, name: t('salesDesk.vehicles') },
    series: [
      {
        type: 'bar',
        data: s.stockAge.map((b) => ({ value: b.count, itemStyle: { color: colorOf(b.color) } })),
        label: { show: true, position: 'top' },
      },
    ],
  };
}
