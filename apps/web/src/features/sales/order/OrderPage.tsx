import { Suspense, lazy, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderView } from '@forecourt/contracts/sales';
import { CrudTable } from '@/shared/crud';
import { toast } from '@/shared/http';
import { DayRangeFilter, wholeDays, type DayRange } from '@/shared/ui/DayRangeFilter';
import { TRADE_LIST } from '../trade/api';
import { ORDER_LIST } from './api';
import { orderDef, type OrderDialog } from './orderDef';
import './messages';

// The receipt and refund form (its date-time picker, the money rules) and the cancel dialog load when first opened.
const dialogs = () => import('./OrderDialogs');
const TradeDialog = lazy(() => dialogs().then((m) => ({ default: m.TradeDialog })));
const CancelDialog = lazy(() => dialogs().then((m) => ({ default: m.CancelDialog })));

const DONE: Record<OrderDialog, string> = {
  receive: 'sales.order.receivedDone',
  refund: 'sales.order.refundedDone',
  cancel: 'sales.order.cancelledDone',
};

/**
 * /fc/order/index (财务收款): the declared list of orders (filters, sorting, export, the view with the
 * order's lines and trades), the creation date range its search form has no input for, and the dialogs of
 * the row buttons: receive, refund, cancel.
 */
export default function OrderPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<{ kind: OrderDialog; row: OrderView }>();
  const [range, setRange] = useState<DayRange>(null);
  const params = useMemo(() => wholeDays(range, 'createTime'), [range]);
  const def = useMemo(() => orderDef((kind, row) => setDialog({ kind, row })), []);
  const close = () => setDialog(undefined);
  const done = (kind: OrderDialog) => {
    close();
    toast.success(t(DONE[kind]));
    // The order's row and its open detail, and the trades list a trade was added to.
    void qc.invalidateQueries({ queryKey: ['crud', ORDER_LIST] });
    void qc.invalidateQueries({ queryKey: ['crud', TRADE_LIST] });
  };
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('sales.order.createTime')}>
          <DayRangeFilter
            value={range}
            onChange={setRange}
            placeholder={['sales.order.createFrom', 'sales.order.createTo']}
          />
        </Form.Item>
      </Form>
      <CrudTable def={def} params={params} />
      <Suspense>
        {dialog && dialog.kind !== 'cancel' && (
          <TradeDialog
            action={dialog.kind}
            order={dialog.row}
            onClose={close}
            onDone={() => done(dialog.kind)}
          />
        )}
        {dialog?.kind === 'cancel' && (
          <CancelDialog order={dialog.row} onClose={close} onDone={() => done('cancel')} />
        )}
      </Suspense>
    </>
  );
}
