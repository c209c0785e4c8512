import { Suspense, lazy, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PointParty, PointRecord } from '@forecourt/contracts';
import { useSession } from '@/shared/auth/store';
import { CrudTable } from '@/shared/crud';
import { toast } from '@/shared/http';
import { DayRangeFilter, wholeDays, type DayRange } from '@/shared/ui/DayRangeFilter';
import { LEDGERS } from './api';
import { signedText, pointsText } from './format';
import { ledgerDef } from './ledgerDef';
import './messages';

// The adjustment dialog (its holder search, number input and form rules) loads when first opened.
const AdjustDialog = lazy(() => import('./AdjustDialog').then((m) => ({ default: m.AdjustDialog })));

/**
 * A ledger page: the declared list of a party's lines (filters, sorting, export), the day range of the
 * lines' time that its search form has no input for, and the button and dialog of a hand-written line.
 */
export function LedgerPage({ party }: { party: PointParty }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const permission = useSession((s) => s.permission);
  const ledger = LEDGERS[party];
  const def = useMemo(() => ledgerDef(party), [party]);
  const [range, setRange] = useState<DayRange>(null);
  const params = useMemo(() => wholeDays(range, 'createTime'), [range]);
  const [adjusting, setAdjusting] = useState(false);
  const done = (line: PointRecord) => {
    setAdjusting(false);
    toast.success(
      t('points.record.adjustedDone', {
        name: line.partyName,
        change: signedText(line.change),
        balance: pointsText(line.balance),
      }),
    );
    // The list and every balance read under its key.
    void qc.invalidateQueries({ queryKey: ['crud', ledger.list] });
  };
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('points.record.createTime')}>
          <DayRangeFilter
            value={range}
            onChange={setRange}
            placeholder={['points.record.createFrom', 'points.record.createTo']}
          />
        </Form.Item>
      </Form>
      <CrudTable
        def={def}
        params={params}
        extraToolbar={
          permission[ledger.adjust] ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdjusting(true)}>
              {t('points.record.adjust')}
            </Button>
          ) : undefined
        }
      />
      <Suspense>
        {adjusting && <AdjustDialog party={party} onClose={() => setAdjusting(false)} onDone={done} />}
      </Suspense>
    </>
  );
}
