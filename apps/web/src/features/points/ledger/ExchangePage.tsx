import { Suspense, lazy, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PointExchange } from '@forecourt/contracts';
import { useSession } from '@/shared/auth/store';
import { CrudTable } from '@/shared/crud';
import { toast } from '@/shared/http';
import { DayRangeFilter, wholeDays, type DayRange } from '@/shared/ui/DayRangeFilter';
import { EXCHANGE_LIST, GOODS_LIST, LEDGERS, type ExchangeMove } from './api';
import { exchangeDef } from './exchangeDef';
import './messages';

// The new exchange's form (holder search, goods, number input) and the deliver / cancel dialog load when first opened.
const dialogs = () => import('./ExchangeDialogs');
const NewExchangeDialog = lazy(() => dialogs().then((m) => ({ default: m.NewExchangeDialog })));
const MoveDialog = lazy(() => dialogs().then((m) => ({ default: m.MoveDialog })));

type Dialog = { kind: 'add' } | { kind: ExchangeMove; row: PointExchange };

/**
 * /fc/score/exchange (积分兑换): the declared list of exchanges (filters, sorting, export, the view), the
 * day range its search form has no input for, the new exchange, and the row buttons' delivery and
 * cancellation of a pending one.
 */
export default function ExchangePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const permission = useSession((s) => s.permission);
  const [dialog, setDialog] = useState<Dialog>();
  const [range, setRange] = useState<DayRange>(null);
  const params = useMemo(() => wholeDays(range, 'createTime'), [range]);
  const def = useMemo(() => exchangeDef((kind, row) => setDialog({ kind, row })), []);
  const close = () => setDialog(undefined);
  const done = (message: string) => {
    close();
    toast.success(message);
    // The exchanges (and the shelf read under their key), the customers' ledger and balances, the goods' stock.
    for (const list of [EXCHANGE_LIST, LEDGERS.customer.list, GOODS_LIST])
      void qc.invalidateQueries({ queryKey: ['crud', list] });
  };
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('points.exchange.createTime')}>
          <DayRangeFilter
            value={range}
            onChange={setRange}
            placeholder={['points.exchange.createFrom', 'points.exchange.createTo']}
          />
        </Form.Item>
      </Form>
      <CrudTable
        def={def}
        params={params}
        extraToolbar={
          permission.score_exchange_add ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
              {t('points.exchange.add')}
            </Button>
          ) : undefined
        }
      />
      <Suspense>
        {dialog?.kind === 'add' && (
          <NewExchangeDialog
            onClose={close}
            onDone={(e) => done(t('points.exchange.submittedDone', { no: e.exchangeNo }))}
          />
        )}
        {dialog && dialog.kind !== 'add' && (
          <MoveDialog
            move={dialog.kind}
            exchange={dialog.row}
            onClose={close}
            onDone={() =>
              done(
                t(
                  dialog.kind === 'cancel'
                    ? 'points.exchange.cancelledDone'
                    : 'points.exchange.deliveredDone',
                ),
              )
            }
          />
        )}
      </Suspense>
    </>
  );
}
