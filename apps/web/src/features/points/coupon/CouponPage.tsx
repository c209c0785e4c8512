import { Suspense, lazy, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Coupon } from '@forecourt/contracts';
import { useSession } from '@/shared/auth/store';
import { CrudTable } from '@/shared/crud';
import { toast } from '@/shared/http';
import { DayRangeFilter, wholeDays, type DayRange } from '@/shared/ui/DayRangeFilter';
import { COUPON_LIST, type CouponMove } from './api';
import { couponDef } from './couponDef';
import './messages';

// The issue form (customer search, amounts, dates) and the use / void dialog load when first opened.
const dialogs = () => import('./CouponDialogs');
const IssueDialog = lazy(() => dialogs().then((m) => ({ default: m.IssueDialog })));
const MoveDialog = lazy(() => dialogs().then((m) => ({ default: m.MoveDialog })));

type Dialog = { kind: 'add' } | { kind: CouponMove; row: Coupon };

/**
 * /fc/coupon/records (优惠券记录): the declared list of coupons (filters, sorting, export, the view), the
 * issue-day range its search form has no input for, issuing coupons to a customer, and the row buttons'
 * use and voiding of an unused one.
 */
export default function CouponPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const permission = useSession((s) => s.permission);
  const [dialog, setDialog] = useState<Dialog>();
  const [range, setRange] = useState<DayRange>(null);
  const params = useMemo(() => wholeDays(range, 'createTime'), [range]);
  const def = useMemo(() => couponDef((kind, row) => setDialog({ kind, row })), []);
  const close = () => setDialog(undefined);
  const done = (message: string) => {
    close();
    toast.success(message);
    void qc.invalidateQueries({ queryKey: ['crud', COUPON_LIST] });
  };
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('points.coupon.createTime')}>
          <DayRangeFilter
            value={range}
            onChange={setRange}
            placeholder={['points.coupon.createFrom', 'points.coupon.createTo']}
          />
        </Form.Item>
      </Form>
      <CrudTable
        def={def}
        params={params}
        extraToolbar={
          permission.coupon_records_add ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
              {t('points.coupon.add')}
            </Button>
          ) : undefined
        }
      />
      <Suspense>
        {dialog?.kind === 'add' && (
          <IssueDialog
            onClose={close}
            onDone={(coupons) =>
              done(
                t('points.coupon.issuedDone', {
                  count: coupons.length,
                  codes: coupons.map((c) => c.code).join(', '),
                }),
              )
            }
          />
        )}
        {dialog && dialog.kind !== 'add' && (
          <MoveDialog
            move={dialog.kind}
            coupon={dialog.row}
            onClose={close}
            onDone={(c) =>
              done(
                t(dialog.kind === 'void' ? 'points.coupon.voidedDone' : 'points.coupon.usedDone', {
                  code: c.code,
                }),
              )
            }
          />
        )}
      </Suspense>
    </>
  );
}
