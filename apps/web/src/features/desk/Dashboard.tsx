import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Col, Row, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { dashboardQuery } from './api';

// ECharts loads with the charts, in their cards' places (of the charts' height), after the page shows.
const loadChart = () => import('./DashboardChart');
const DashboardChart = lazy(loadChart);
const HEIGHT = 300;

const chart = (option: object, label: string) => (
  <Suspense
    fallback={
      <div style={{ height: HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin />
      </div>
    }
  >
    <DashboardChart option={option} label={label} />
  </Suspense>
);

/** Charts over the tenant's real data: staff, sign-ins, departments, menus. */
export default function Dashboard() {
  const { t } = useTranslation();
  const { data } = useQuery(dashboardQuery());
  // The charts' code is asked for with the data, not after it.
  useEffect(() => void loadChart(), []);
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
