import { useTranslation } from 'react-i18next';
import { Button, Card, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useOpenMenu } from '@/shared/menu/navigate';
import css from '@/shared/ui/columns.module.css';
import { yuan } from '../offer/money';
import { financeDeskQuery } from './api';
import './messages';

/** The page behind the card: the order list. */
export const ORDER_PAGE = '/fc/order/index';

/**
 * Finance's card on the workbench: what came in today (net of refunds), the orders still waiting for money
 * and what they hold, and what was settled this month. Amounts are the server's decimal strings, shown as
 * they are (never through a float).
 */
export default function FinanceDesk() {
  const { t } = useTranslation();
  const open = useOpenMenu();
  const { data } = useQuery(financeDeskQuery());
  // Drawn at its final size before the figures come (a dash in each): the cards below it never move.
  const stat = (title: string, value: string | undefined, hint: string | undefined) => (
    <div className={css.tile}>
      <Card size="small">
        <Statistic title={title} value={value ?? '—'} />
        <div
          title={hint}
          style={{
            opacity: 0.65,
            marginTop: 4,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {hint ?? '\u00a0'}
        </div>
      </Card>
    </div>
  );
  const orders = (n: number | undefined) => (n === undefined ? undefined : `${n} ${t('financeDesk.orders')}`);
  return (
    <Card
      title={t('financeDesk.title')}
      extra={
        <Button type="link" onClick={() => open(ORDER_PAGE)}>
          {t('financeDesk.open')}
        </Button>
      }
    >
      <div className={css.row}>
        {stat(
          t('financeDesk.today'),
          data && yuan(data.today.net),
          data &&
            t('financeDesk.todayHint', {
              receipts: yuan(data.today.receipts),
              refunds: yuan(data.today.refunds),
              count: data.today.count,
            }),
        )}
        {stat(
          t('financeDesk.unpaid'),
          orders(data?.unpaid.count),
          data && t('financeDesk.unpaidHint', { amount: yuan(data.unpaid.amount) }),
        )}
        {stat(
          t('financeDesk.partial'),
          orders(data?.partial.count),
          data && t('financeDesk.partialHint', { amount: yuan(data.partial.amount) }),
        )}
        {stat(
          t('financeDesk.settled'),
          orders(data?.settledThisMonth.count),
          data && t('financeDesk.settledHint', { amount: yuan(data.settledThisMonth.amount) }),
        )}
      </div>
    </Card>
  );
}
