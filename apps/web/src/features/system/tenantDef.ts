import i18n from '@/shared/i18n';
import { urlRule } from '@/shared/validators';
import { bladeCalls, type CrudColumn, type CrudDef, type Row } from '@/shared/crud';
import './messages';

export interface TenantPageHooks {
  /** Opens one of the small forms (settings of the selected tenants, the data source of one). */
  ask: (form: 'setting' | 'datasource', rows: Row[]) => void;
  created: (answer: { tenantId: string; adminAccount: string; adminPassword: string }) => void;
  /** The caller is the platform administrator: the only one who sets a tenant's domain and background. */
  platform: boolean;
}

/** Account limit and expiry of the selected tenants (`setting`). */
export const settingColumns: CrudColumn[] = [
  {
    prop: 'accountNumber',
    label: 'sys.tenant.accountNumber',
    form: { type: 'number', min: -1, initial: -1, help: 'sys.tenant.unlimited' },
  },
  { prop: 'expireTime', label: 'sys.tenant.expireTime', form: { type: 'date' } },
];

/** The data source a tenant is bound to (`datasource`). */
export const datasourceColumns: CrudColumn[] = [
  {
    prop: 'datasourceId',
    label: 'sys.tenant.datasourceId',
    form: { required: true, max: 20, pattern: { regex: /^\d{1,20}$/, message: 'sys.tenant.datasourceRule' } },
  },
];

/** A host name as the sign-in page looks it up (the server's schema checks the same). */
const DOMAIN_PATTERN =
  /^\s*([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*)?\s*$/;

/** Tenants (the platform sees all; a tenant administrator its own). */
// A row as the server answers it (local until the contracts package has the wire type; a type, not an
// interface, so it still passes where the engine takes a loose Row).
export type TenantRow = {
  id: string;
  tenantId: string;
  tenantName: string;
  domain?: string;
  backgroundUrl?: string;
  linkman?: string;
  contactNumber?: string;
  address?: string;
  accountNumber?: number;
  expireTime?: string;
  datasourceId?: string;
};

export const tenantDef = ({ ask, created, platform }: TenantPageHooks): CrudDef<TenantRow> => ({
  name: 'tenant',
  title: 'sys.tenant.title',
  perm: 'tenant',
  rowName: (r) => r.tenantName,
  api: bladeCalls<TenantRow>('/api/blade-system/tenant'),
  columns: [
    { prop: 'tenantId', label: 'sys.tenant.tenantId', search: true, sortable: true },
    {
      prop: 'tenantName',
      label: 'sys.tenant.tenantName',
      search: true,
      sortable: true,
      form: { required: true, max: 50 },
    },
    // The sign-in page finds its tenant by domain and shows its background: a tenant administrator sees
    // both but may not change them (the server refuses that with 403).
    {
      prop: 'domain',
      label: 'sys.tenant.domain',
      form: {
        max: 255,
        lockedOnEdit: !platform,
        pattern: { regex: DOMAIN_PATTERN, message: 'sys.tenant.domainRule' },
      },
    },
    {
      prop: 'backgroundUrl',
      label: 'sys.tenant.backgroundUrl',
      table: false,
      form: { max: 1000, lockedOnEdit: !platform, rules: () => [urlRule(i18n.t)] },
    },
    { prop: 'linkman', label: 'sys.tenant.linkman', search: true, form: { max: 20 } },
    { prop: 'contactNumber', label: 'sys.tenant.contactNumber', form: { max: 20 } },
    { prop: 'address', label: 'sys.tenant.address', table: false, form: { type: 'textarea', max: 255 } },
    {
      prop: 'accountNumber',
      label: 'sys.tenant.accountNumber',
      // -1 is how the API says "no limit"; a user reads a word, not the code.
      render: (v) =>
        v === null || v === undefined || v === ''
          ? ''
          : Number(v) < 0
            ? i18n.t('sys.tenant.noLimit')
            : String(v),
    },
    { prop: 'expireTime', label: 'sys.tenant.expireTime' },
    { prop: 'datasourceId', label: 'sys.tenant.datasourceId', table: false },
  ],
  afterSubmit: (answer, mode) => {
    if (mode === 'add' && answer && typeof answer === 'object' && 'adminPassword' in answer)
      created(answer as Parameters<TenantPageHooks['created']>[0]);
  },
  actions: [
    {
      key: 'setting',
      label: 'sys.tenant.setting',
      code: 'tenant_setting',
      place: 'toolbar',
      needsSelection: true,
      run: ({ rows }) => ask('setting', rows),
    },
    {
      key: 'datasource',
      label: 'sys.tenant.datasource',
      code: 'tenant_datasource',
      place: 'row',
      run: ({ rows }) => ask('datasource', rows),
    },
  ],
});
