import { useTranslation } from 'react-i18next';
import { Card, Col, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { dashboardQuery } from './api';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  CanvasRenderer,
]);

const chart = (option: object, label: string) => (
  <ReactEChartsCore echarts={echarts} option={option} style={{ height: 300 }} notMerge aria-label={label} />
);

/** Charts over the tenant's real data: staff, sign-ins, departments, menus. */
export default function Dashboard() {
  const { t } = useTranslation();
  const { data } = useQuery(dashboardQuery());
  if (!data) return null;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.staffByRole')}>
          {chart(
            {
              tooltip: {},
              xAxis: { type: 'category', data: data.staffByRole.map((d) => d.name) },
              yAxis: { type: 'value', minInterval: 1 },
              series: [{ type: 'bar', data: data.staffByRole.map((d) => d.value) }],
            },
            t('dashboard.staffByRole'),
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.signIns')}>
          {chart(
            {
              tooltip: { trigger: 'axis' },
              xAxis: { type: 'category', data: data.signIns.map((d) => d.day) },
              yAxis: { type: 'value', minInterval: 1 },
              series: [{ type: 'line', smooth: true, areaStyle: {}, data: data.signIns.map((d) => d.value) }],
            },
            t('dashboard.signIns'),
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.deptHeadcount')}>
          {chart(
            {
              tooltip: { trigger: 'item' },
              legend: { bottom: 0 },
              series: [{ type: 'pie', radius: ['40%', '70%'], data: data.deptHeadcount }],
            },
            t('dashboard.deptHeadcount'),
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.menusByArea')}>
          {chart(
            {
              tooltip: {},
              xAxis: { type: 'value', minInterval: 1 },
              yAxis: { type: 'category', data: data.menusByArea.map((d) => d.name) },
              series: [{ type: 'bar', data: data.menusByArea.map((d) => d.value) }],
            },
            t('dashboard.menusByArea'),
          )}
        </Card>
      </Col>
    </Row>
  );
}
