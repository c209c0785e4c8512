import { Suspense, lazy, useMemo, useState } from 'react';
import { Form } from 'antd';
import Input from 'antd/es/input/Input';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CrudTable } from '@/shared/crud';
import { diaryDef } from './diaryDef';
import './messages';

// The calendar of the time filter loads beside the list.
const RangePicker = lazy(() =>
  import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker })),
);

/**
 * /system/risk_diary: the declared read-only diary, with the time range its search form has no input
 * for passed as fixed parameters (`createTime_ge` / `createTime_lt`), so paging and the export use it too.
 */
export default function DiaryPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const params = useMemo(() => {
    const p: Record<string, string> = {};
    // Whole days in the user's time zone: from the first day's start to the start of the day after the last.
    if (range?.[0]) p.createTime_ge = range[0].startOf('day').format();
    if (range?.[1]) p.createTime_lt = range[1].add(1, 'day').startOf('day').format();
    return p;
  }, [range]);
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('risk.time')}>
          <Suspense
            fallback={
              <Input
                disabled
                style={{ width: 256 }}
                placeholder={`${t('risk.timeFrom')} ~ ${t('risk.timeTo')}`}
              />
            }
          >
            <RangePicker
              value={range}
              onChange={(v) => setRange(v)}
              placeholder={[t('risk.timeFrom'), t('risk.timeTo')]}
            />
          </Suspense>
        </Form.Item>
      </Form>
      <CrudTable def={diaryDef} params={params} />
    </>
  );
}
