import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TradeView } from '@forecourt/contracts/sales';
import { CrudTable, type CrudDef } from '@/shared/crud';
import { DayRangeFilter, wholeDays, type DayRange } from '@/shared/ui/DayRangeFilter';
import { yuan } from '../offer/money';
import { filtersOf, tradeSummaryQuery } from './api';
import { tradeDef } from './tradeDef';
import './messages';

/** The sums of what the list shows: "Total: receipts ¥x, refunds ¥y, net ¥z (n trades)". */
function SummaryLine({ filters }: { filters?: Record<string, unknown> }) {
  const { t } = useTranslation();
  const s = useQuery(tradeSummaryQuery(filters)).data;
  if (!s) return null;
  return (
    <strong data-testid="trade-summary">
      {t('sales.trade.summary', {
        receipts: yuan(s.receipts),
        refunds: yuan(s.refunds),
        net: yuan(s.net),
        count: s.count,
      })}
    </strong>
  );
}

/**
 * /fc/trade/index (支付流水): the declared list of trades, the day range of their payment time that its
 * search form has no input for, and the summary of the same filters. The summary follows the list: each
 * list call hands its filters (without paging and order) to it, so a search, a reset and the day range
 * change both together.
 */
export default function TradePage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(null);
  const params = useMemo(() => wholeDays(range, 'paidAt'), [range]);
  const [filters, setFilters] = useState<Record<string, unknown>>();
  const def = useMemo<CrudDef<TradeView>>(
    () => ({
      ...tradeDef,
      api: {
        ...tradeDef.api,
        list: (p) => {
          const next = filtersOf(p);
          setFilters((f) => (JSON.stringify(f) === JSON.stringify(next) ? f : next));
          return tradeDef.api.list(p);
        },
      },
    }),
    [],
  );
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('sales.trade.paidAt')}>
          <DayRangeFilter
            value={range}
            onChange={setRange}
            placeholder={['sales.trade.paidFrom', 'sales.trade.paidTo']}
          />
        </Form.Item>
      </Form>
      <CrudTable def={def} params={params} extraToolbar={<SummaryLine filters={filters} />} />
    </>
  );
}
