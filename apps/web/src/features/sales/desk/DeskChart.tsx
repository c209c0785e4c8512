import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, FunnelChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the sales cards draw: this module is reached through the widget's dynamic import, so ECharts
// loads with the sales workbench and not before.
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
