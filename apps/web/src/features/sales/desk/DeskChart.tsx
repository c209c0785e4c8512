import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, FunnelChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the sales cards draw: this module is reached through a dynamic import once a chart's card
// is in view (SalesDesk), so ECharts loads with the charts and not before.
echarts.use([BarChart, FunnelChart, GridComponent, TooltipComponent, CanvasRenderer]);

export default function DeskChart({ option, label }: { option: object; label: string }) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      style={{ height: 260 }}
      notMerge
      aria-label={label}
      role="img"
    />
  );
}
