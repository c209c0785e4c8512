import { Modal, Tag } from 'antd';
import type { UserInquiryRow } from '@forecourt/contracts/sales';
import { USER_INQUIRY_STATUSES } from '@forecourt/contracts/sales';
import { bladeCalls, type CrudDef } from '@/shared/crud';
import { http } from '@/shared/http';
import i18n from '@/shared/i18n';
import '../inquiry/messages';

const COLOR: Record<string, string> = { pending: 'orange', claimed: 'green', assigned: 'blue' };

/**
 * /fc/userInquiry/index: the customers' own inquiries. Waiting ones can be claimed (the first claim wins;
 * a late one hears "already taken" from the server); claimed ones became inquiries of the claimer.
 */
export const userInquiryDef: CrudDef<UserInquiryRow> = {
  name: 'user-inquiry',
  title: 'inq.poolTitle',
  perm: 'user_inquiry',
  rowName: (r) => r.name,
  api: (() => {
    const calls = bladeCalls<UserInquiryRow>('/api/blade-sales/user-inquiry');
    // No add or edit: customers write these on the mobile page.
    return { list: calls.list, detail: calls.detail, remove: calls.remove };
  })(),
  sort: { field: 'createTime', order: 'descend' },
  columns: [
    { prop: 'name', label: 'inq.name', search: true },
    { prop: 'phone', label: 'inq.phone', search: true },
    { prop: 'modelName', label: 'inq.model', ellipsis: true },
    { prop: 'cityName', label: 'inq.city' },
    {
      prop: 'status',
      label: 'inq.status',
      search: true,
      choices: USER_INQUIRY_STATUSES.map((s) => ({ value: s, label: `inq.poolStatusOf.${s}` })),
      render: (v) => <Tag color={COLOR[String(v)]}>{i18n.t(`inq.poolStatusOf.${String(v)}`)}</Tag>,
    },
    { prop: 'claimedByName', label: 'inq.claimedBy', text: (r) => r.claimedByName ?? '' },
    { prop: 'claimedAt', label: 'inq.claimedAt' },
    { prop: 'createTime', label: 'inq.createTime', sortable: true },
  ],
  actions: [
    {
      key: 'claim',
      label: 'inq.claim',
      code: 'user_inquiry_claim',
      place: 'row',
      visible: (r) => r.status === 'pending',
      run: ({ rows, reload }) =>
        Modal.confirm({
          content: i18n.t('inq.claimConfirm', { name: rows[0]!.name }),
          onOk: async () => {
            try {
              await http.post('/api/blade-sales/user-inquiry/claim', { id: rows[0]!.id });
            } finally {
              // Won or taken by someone else: either way the row has changed.
              reload();
            }
          },
        }),
    },
  ],
};
