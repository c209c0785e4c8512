import { Suspense, lazy, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RedPacket } from '@forecourt/contracts/sales';
import { CrudTable } from '@/shared/crud';
import { toast } from '@/shared/http';
import { DayRangeFilter, wholeDays, type DayRange } from '@/shared/ui/DayRangeFilter';
import { RED_PACKET_LIST } from './api';
import { redPacketDef, type RedPacketDialog } from './redPacketDef';
import './messages';

// The apply form (its customer search, the money rules) and the moves' dialogs load when first opened.
const dialogs = () => import('./RedPacketDialogs');
const ApplyDialog = lazy(() => dialogs().then((m) => ({ default: m.ApplyDialog })));
const DecisionDialog = lazy(() => dialogs().then((m) => ({ default: m.DecisionDialog })));
const PayDialog = lazy(() => dialogs().then((m) => ({ default: m.PayDialog })));

const DONE: Record<RedPacketDialog, string> = {
  apply: 'sales.redPacket.appliedDone',
  approve: 'sales.redPacket.approvedDone',
  reject: 'sales.redPacket.rejectedDone',
  pay: 'sales.redPacket.paidDone',
};

/**
 * /fc/redPacket/index (红包管理): the declared list of red packets (filters, sorting, export, the view), the
 * application date range its search form has no input for, and the dialogs: apply, approve, reject, pay.
 */
export default function RedPacketPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<{ kind: RedPacketDialog; row?: RedPacket }>();
  const [range, setRange] = useState<DayRange>(null);
  const params = useMemo(() => wholeDays(range, 'createTime'), [range]);
  const def = useMemo(() => redPacketDef((kind, row) => setDialog({ kind, row })), []);
  const close = () => setDialog(undefined);
  const done = (kind: RedPacketDialog) => {
    close();
    toast.success(t(DONE[kind]));
    void qc.invalidateQueries({ queryKey: ['crud', RED_PACKET_LIST] });
  };
  const row = dialog?.row;
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('sales.redPacket.createTime')}>
          <DayRangeFilter
            value={range}
            onChange={setRange}
            placeholder={['sales.redPacket.createFrom', 'sales.redPacket.createTo']}
          />
        </Form.Item>
      </Form>
      <CrudTable def={def} params={params} />
      <Suspense>
        {dialog?.kind === 'apply' && <ApplyDialog onClose={close} onDone={() => done('apply')} />}
        {row && (dialog.kind === 'approve' || dialog.kind === 'reject') && (
          <DecisionDialog
            key={dialog.kind}
            kind={dialog.kind}
            packet={row}
            onClose={close}
            onDone={() => done(dialog.kind)}
          />
        )}
        {row && dialog.kind === 'pay' && (
          <PayDialog packet={row} onClose={close} onDone={() => done('pay')} />
        )}
      </Suspense>
    </>
  );
}
