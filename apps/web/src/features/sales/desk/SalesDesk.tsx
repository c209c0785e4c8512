import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Card, Empty, Spin, Statistic, Tag, theme } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useOpenMenu } from '@/shared/menu/navigate';
import { salesDeskQuery, type SalesDeskSummary } from './api';
import { funnelOption, stockAgeOption } from './charts';
import { WhenVisible } from '@/shared/ui/WhenVisible';
import css from '@/shared/ui/columns.module.css';
import './messages';

// The charts (and ECharts with them) load when their cards scroll into view: below the fold on most
// screens, they would otherwise be most of the workbench's JavaScript.
const DeskChart = lazy(() => import('./DeskChart'));
const CHART_HEIGHT = 260;

/** Where a click on an inquiry goes: the inquiry list, asked for that row. */
export const INQUIRY_PAGE = '/fc/inquiry/index';

type List = SalesDeskSummary['firstResponseOverdue'];

function TodoCard(props: {
  title: string;
  hint?: string;
  list: List;
  tone: 'error' | 'warning' | 'processing';
  showOwner: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const open = useOpenMenu();
  const color = { error: token.colorError, warning: token.colorWarning, processing: token.colorPrimary }[
    props.tone
  ];
  return (
    <Card
      size="small"
      title={
        <span>
          <Badge status={props.tone} /> {props.title}
        </span>
      }
      extra={
        <Statistic
          value={props.list.total}
          styles={{ content: { color, fontSize: token.fontSizeHeading4 } }}
          aria-label={`${props.title}: ${props.list.total}`}
        />
      }
      style={{ height: '100%' }}
    >
      {props.hint && <div style={{ color: token.colorTextDescription, marginBottom: 8 }}>{props.hint}</div>}
      {props.list.items.length ? (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {props.list.items.map((i, n) => (
            <li
              key={i.id}
              style={{ padding: '6px 0', borderTop: n ? `1px solid ${token.colorSplit}` : undefined }}
            >
              {/* A real link (a list may hold only items): Enter, a screen reader's link list and a middle
                  click work as on any link; a plain click opens the inquiry in its tab. */}
              <a
                href={`${INQUIRY_PAGE}?id=${i.id}`}
                aria-label={t('salesDesk.openInquiry', { name: i.customerName })}
                onClick={(e) => {
                  if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
                  e.preventDefault();
                  open(`${INQUIRY_PAGE}?id=${i.id}`);
                }}
                style={{ display: 'block', color: 'inherit' }}
              >
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                  <span style={{ color: token.colorText }}>{i.customerName}</span>
                  <span style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap' }}>
                    {i.nextFollowTime
                      ? t('salesDesk.dueAt', { time: i.nextFollowTime.slice(5, 16) })
                      : t('salesDesk.createdAt', { time: i.createTime.slice(5, 16) })}
                  </span>
                </div>
                <div style={{ color: token.colorTextDescription, fontSize: token.fontSizeSM }}>
                  {i.modelName}
                  {props.showOwner && i.ownerName ? ` · ${i.ownerName}` : ''}
                </div>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('salesDesk.nothing')} />
      )}
    </Card>
  );
}

/** The sales roles' cards on the workbench: what waits today, the month's funnel, the stock's age. */
export default function SalesDesk() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { data } = useQuery(salesDeskQuery());
  if (!data) return <Spin />;
  const showOwner = data.scope !== 'own';
  const colorOf = (c: string) => (token as unknown as Record<string, string>)[c] ?? c;
  return (
    <Card
      title={t('salesDesk.title')}
      extra={<Tag color={showOwner ? 'blue' : 'default'}>{t(`salesDesk.scope.${data.scope}`)}</Tag>}
    >
      <div className={css.row}>
        <div className={css.thirdMd}>
          <TodoCard
            title={t('salesDesk.firstResponseOverdue')}
            hint={t('salesDesk.firstResponseHint', { minutes: data.firstResponseMinutes })}
            list={data.firstResponseOverdue}
            tone="error"
            showOwner={showOwner}
          />
        </div>
        <div className={css.thirdMd}>
          <TodoCard
            title={t('salesDesk.followUpsOverdue')}
            list={data.followUpsOverdue}
            tone="warning"
            showOwner={showOwner}
          />
        </div>
        <div className={css.thirdMd}>
          <TodoCard
            title={t('salesDesk.followUpsToday')}
            list={data.followUpsToday}
            tone="processing"
            showOwner={showOwner}
          />
        </div>
        <div className={css.halfLg}>
          <Card size="small" title={t('salesDesk.funnel', { month: data.funnel.month })}>
            <WhenVisible
              height={CHART_HEIGHT}
              role="img"
              label={t('salesDesk.funnel', { month: data.funnel.month })}
            >
              <Suspense fallback={<Spin />}>
                <DeskChart
                  option={funnelOption(data, t, [token.colorPrimary, token.colorWarning, token.colorSuccess])}
                  label={t('salesDesk.funnel', { month: data.funnel.month })}
                />
              </Suspense>
            </WhenVisible>
          </Card>
        </div>
        <div className={css.halfLg}>
          <Card size="small" title={t('salesDesk.stockAge')}>
            <WhenVisible height={CHART_HEIGHT} role="img" label={t('salesDesk.stockAge')}>
              <Suspense fallback={<Spin />}>
                <DeskChart option={stockAgeOption(data, t, colorOf)} label={t('salesDesk.stockAge')} />
              </Suspense>
            </WhenVisible>
          </Card>
        </div>
      </div>
    </Card>
  );
}
