import { useMemo, useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudTable, type AnyRow, type CrudDef } from '@/shared/crud';
import { DayRangeFilter, wholeDays, type DayRange } from '@/shared/ui/DayRangeFilter';
import './messages';

/**
 * A declared list of the queue with the day range its search form has no input for, passed as fixed
 * parameters (`createTime_ge` / `createTime_lt`) so that paging and the export use it too.
 */
export function DayRangeList<R extends AnyRow>({ def }: { def: CrudDef<R> }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(null);
  const params = useMemo(() => wholeDays(range, 'createTime'), [range]);
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('mqPage.time')}>
          <DayRangeFilter value={range} onChange={setRange} />
        </Form.Item>
      </Form>
      <CrudTable def={def} params={params} />
    </>
  );
}
