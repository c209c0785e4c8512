import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the dashboard draws: this module is reached through a dynamic import (Dashboard), so the
// page's cards show at once and ECharts loads with the charts.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  CanvasRenderer,
]);

const CHART_HEIGHT = 300;

export default function DashboardChart({ option, label }: { option: object; label: string }) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      style={{ height: CHART_HEIGHT }}
      notMerge
      aria-label={label}
    />
  );
}
