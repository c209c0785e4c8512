import { useMemo, useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudTable } from '@/shared/crud';
import { DayRangeFilter, wholeDays, type DayRange } from '@/shared/ui/DayRangeFilter';
import { noticeLogDef } from './noticeLogDef';
import './messages';

/**
 * /monitor/notice/notice_log: the declared read-only log, with the day range its search form has no input
 * for passed as fixed parameters (`createTime_ge` / `createTime_lt`), so paging and the export use it too.
 */
export default function NoticeLogPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DayRange>(null);
  const params = useMemo(() => wholeDays(range, 'createTime'), [range]);
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('notice.time')}>
          <DayRangeFilter value={range} onChange={setRange} />
        </Form.Item>
      </Form>
      <CrudTable def={noticeLogDef} params={params} />
    </>
  );
}
