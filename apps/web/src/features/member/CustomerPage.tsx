import { lazy, useMemo, useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/auth/store';
import { CrudTable } from '@/shared/crud';
import { http, toast } from '@/shared/http';
import { DeptEmpPicker } from '@/shared/pickers/DeptEmpPicker';
import { emptyPick, type PickerValue } from '@/shared/pickers/selection';
import { DayRangeFilter, wholeDays, type DayRange } from '@/shared/ui/DayRangeFilter';
import { OpenedOnce } from '@/shared/ui/OpenedOnce';
import { CUSTOMER, customerDef, seesAll, type CustomerRow } from './customerDef';
import { staffPick } from './fields';
import './messages';

// The staff picker's dialog loads when first opened.
const DeptEmpPickerDialog = lazy(() =>
  import('@/shared/pickers/DeptEmpPickerDialog').then((m) => ({ default: m.DeptEmpPickerDialog })),
);

interface Assigning {
  rows: CustomerRow[];
  reload: () => void;
}

/** Hands customers to one staff member; the server's answer names how many and to whom. */
export async function assignCustomers(ids: string[], userId: string): Promise<string | undefined> {
  const answer = await http.raw<{ msg?: string }>({
    url: `${CUSTOMER}/assign`,
    method: 'POST',
    data: { ids: ids.join(','), userId },
  });
  return answer.msg;
}

/**
 * /member/index: the declared customer list, with the filters its search form has no input for (the
 * responsible staff member, for administrators; the created-time range) passed as fixed parameters, so
 * paging, sorting and the export use them too; and the assignment of the selected customers.
 */
export default function CustomerPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const admin = seesAll(user?.role_name);
  const me = user?.user_id
    ? { id: user.user_id, name: user.real_name || user.account || user.user_id }
    : undefined;
  const [assigning, setAssigning] = useState<Assigning>();
  const [staff, setStaff] = useState<PickerValue>(emptyPick());
  const [range, setRange] = useState<DayRange>(null);
  const meId = me?.id;
  const meName = me?.name;
  const def = useMemo(
    () =>
      customerDef({
        admin,
        me: meId ? { id: meId, name: meName ?? meId } : undefined,
        assign: (rows, reload) => setAssigning({ rows, reload }),
      }),
    [admin, meId, meName],
  );
  const params = useMemo(() => {
    const p = wholeDays(range, 'createTime');
    const chosen = staff.empList[0];
    if (admin && chosen) p.userId = chosen.id;
    return p;
  }, [admin, staff, range]);

  const rows = assigning?.rows ?? [];
  const [first] = rows;
  const sameStaff = first?.userId && rows.every((r) => r.userId === first.userId);
  const confirmAssign = async (v: PickerValue) => {
    const chosen = v.empList[0];
    if (!assigning || !chosen) return;
    // A refusal was shown by the client; the dialog stays open for another choice.
    const msg = await assignCustomers(
      assigning.rows.map((r) => r.id),
      chosen.id,
    ).catch(() => null);
    if (msg === null) return;
    toast.success(msg || t('member.assigned'));
    setAssigning(undefined);
    assigning.reload();
  };

  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        {admin && (
          <Form.Item label={t('member.staff')} style={{ minWidth: 320 }}>
            <DeptEmpPicker mode="emp" multiple={false} value={staff} onChange={setStaff} />
          </Form.Item>
        )}
        <Form.Item label={t('member.createTime')}>
          <DayRangeFilter value={range} onChange={setRange} />
        </Form.Item>
      </Form>
      <CrudTable def={def} params={params} />
      <OpenedOnce open={Boolean(assigning)}>
        <DeptEmpPickerDialog
          open={Boolean(assigning)}
          mode="emp"
          multiple={false}
          title={
            rows.length === 1
              ? t('member.assignOne', { name: first?.name ?? first?.phone })
              : t('member.assignMany', { count: rows.length })
          }
          value={first && sameStaff ? staffPick(first.userId, first.userName) : undefined}
          onCancel={() => setAssigning(undefined)}
          onOk={(v) => void confirmAssign(v)}
        />
      </OpenedOnce>
    </>
  );
}
