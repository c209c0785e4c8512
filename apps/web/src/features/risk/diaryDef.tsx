import { Tag } from 'antd';
import type { RiskDiary } from '@forecourt/contracts';
import { http } from '@/shared/http';
import i18n from '@/shared/i18n';
import type { CrudDef, Page } from '@/shared/crud';
import './messages';

const DIARY = '/api/blade-system/risk-diary';

const hitTags = (hits: unknown) =>
  (Array.isArray(hits) ? (hits as string[]) : []).map((w) => (
    <Tag key={w} color="red">
      {w}
    </Tag>
  ));

/**
 * /system/risk_diary: every message the word filter masked, newest first — what was written beside what
 * was delivered. Read-only: an audit trail is not edited (the server has no write route).
 */
export const diaryDef: CrudDef<RiskDiary> = {
  name: 'risk-diary',
  title: 'risk.diaryNoun',
  perm: 'risk_diary',
  rowName: (r) => r.account ?? r.id,
  api: {
    list: (params) => http.get<Page<RiskDiary>>(`${DIARY}/list`, { params }),
    detail: (row) => http.get<RiskDiary>(`${DIARY}/detail`, { params: { id: row.id } }),
  },
  sort: { field: 'createTime', order: 'descend' },
  columns: [
    { prop: 'createTime', label: 'risk.time', width: 180, sortable: true, form: {} },
    {
      prop: 'source',
      label: 'risk.source',
      width: 100,
      search: true,
      choices: [{ value: 'chat', label: 'risk.sourceOf.chat' }],
      form: {},
    },
    { prop: 'account', label: 'risk.account', width: 140, search: true, form: {} },
    {
      prop: 'content',
      label: 'risk.content',
      ellipsis: true,
      search: true,
      form: { type: 'textarea', wide: true },
    },
    { prop: 'masked', label: 'risk.masked', ellipsis: true, form: { type: 'textarea', wide: true } },
    {
      prop: 'hits',
      label: 'risk.hits',
      search: { param: 'word' },
      render: hitTags,
      text: (r) => r.hits.join(i18n.language === 'en' ? ', ' : '、'),
      form: { component: ({ value }) => <div>{hitTags(value)}</div> },
    },
    { prop: 'hitCount', label: 'risk.hitCount', width: 100, sortable: true, table: true },
  ],
};
