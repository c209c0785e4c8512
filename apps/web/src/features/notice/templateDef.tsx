import { Tag } from 'antd';
import type { RuleObject } from 'antd/es/form';
import {
  NOTICE_TEMPLATE_CODES,
  NOTICE_TEMPLATE_MAX,
  checkTemplateText,
  type NoticeTemplate,
} from '@forecourt/contracts';
import { http } from '@/shared/http';
import i18n from '@/shared/i18n';
import type { CrudDef, Page } from '@/shared/crud';
import { templateName } from './noticeLogDef';
import './messages';

const TEMPLATES = '/api/blade-system/notice-template';

/** The server's rule for a template text (contracts: checkTemplateText), said before the form is sent. */
const fillable: RuleObject = {
  validator: async (_rule, value: string | undefined) => {
    const problem = value?.trim() ? checkTemplateText(value.trim()) : null;
    if (problem) throw new Error(i18n.t(problem.key, problem.params));
  },
};

/**
 * /monitor/notice/notice_template: the tenant's own texts for the codes the platform sends (one live
 * template per code; the server refuses a second). The sender fills the enabled one; disabled or removed,
 * it sends its built-in text in the reader's language.
 */
export const templateDef: CrudDef<NoticeTemplate> = {
  name: 'notice-template',
  title: 'notice.templateNoun',
  perm: 'notice_template',
  rowName: (r) => r.name,
  api: {
    list: (params) => http.get<Page<NoticeTemplate>>(`${TEMPLATES}/list`, { params }),
    detail: (row) => http.get<NoticeTemplate>(`${TEMPLATES}/detail`, { params: { id: row.id } }),
    submit: (body) => http.post(`${TEMPLATES}/submit`, body),
    remove: (ids) => http.post(`${TEMPLATES}/remove`, undefined, { params: { ids: ids.join(',') } }),
  },
  toBody: (v, mode, row) => ({
    ...(mode === 'edit' ? { id: row.id } : {}),
    code: v.code,
    name: typeof v.name === 'string' ? v.name.trim() : v.name,
    content: typeof v.content === 'string' ? v.content.trim() : v.content,
    status: v.status,
    remark: v.remark ?? '',
  }),
  sort: { field: 'updateTime', order: 'descend' },
  columns: [
    {
      prop: 'code',
      label: 'notice.code',
      width: 150,
      search: true,
      sortable: true,
      choices: NOTICE_TEMPLATE_CODES.map((c) => ({
        value: c,
        label: `notice.templateOf.${c.slice('sms.'.length)}`,
      })),
      render: (v) => templateName(v as string),
      form: { required: true },
    },
    { prop: 'name', label: 'notice.name', width: 160, search: true, form: { required: true, max: 100 } },
    {
      prop: 'channel',
      label: 'notice.channel',
      width: 80,
      render: (v) => i18n.t(`notice.channelOf.${String(v)}`),
      text: (r) => i18n.t(`notice.channelOf.${r.channel}`),
    },
    {
      prop: 'content',
      label: 'notice.text',
      ellipsis: true,
      form: {
        type: 'textarea',
        wide: true,
        required: true,
        max: NOTICE_TEMPLATE_MAX,
        rules: () => [fillable],
        help: 'notice.textHelp',
      },
    },
    {
      prop: 'status',
      label: 'notice.status',
      width: 90,
      numeric: true,
      search: true,
      choices: [
        { value: 1, label: 'notice.enabled' },
        { value: 0, label: 'notice.disabled' },
      ],
      render: (v) => (
        <Tag color={v === 1 ? 'green' : 'default'}>
          {i18n.t(v === 1 ? 'notice.enabled' : 'notice.disabled')}
        </Tag>
      ),
      form: { required: true, initial: 1 },
    },
    { prop: 'remark', label: 'notice.remark', ellipsis: true, form: { type: 'textarea', max: 255 } },
    { prop: 'updateTime', label: 'notice.updateTime', width: 180, sortable: true },
  ],
};
