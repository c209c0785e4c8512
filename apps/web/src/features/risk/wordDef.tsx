import { Tag } from 'antd';
import type { SensitiveWord } from '@forecourt/contracts';
import { http } from '@/shared/http';
import i18n from '@/shared/i18n';
import type { CrudDef, Page } from '@/shared/crud';
import './messages';

export const WORDS = '/api/blade-system/sensitive-word';

/** The categories of the server (risk/rules.ts CATEGORIES); their names are this page's texts. */
export const CATEGORIES = ['politics', 'porn', 'abuse', 'fraud', 'ad', 'gambling', 'other'] as const;

export interface WordPageHooks {
  /** Opens the import dialog; `reload` once words were added. */
  importWords: (reload: () => void) => void;
  /** Opens the dialog that runs a text through the filter. */
  testText: () => void;
}

/**
 * /text-filter/index: the tenant's sensitive words. A change reaches every node's filter at once (the
 * server publishes it); the import and the text test are dialogs of the page.
 */
export function wordDef({ importWords, testText }: WordPageHooks): CrudDef<SensitiveWord> {
  return {
    name: 'sensitive-word',
    title: 'risk.wordNoun',
    perm: 'text_filter',
    rowName: (r) => r.word,
    api: {
      list: (params) => http.get<Page<SensitiveWord>>(`${WORDS}/list`, { params }),
      detail: (row) => http.get<SensitiveWord>(`${WORDS}/detail`, { params: { id: row.id } }),
      submit: (body) => http.post(`${WORDS}/submit`, body),
      remove: (ids) => http.post(`${WORDS}/remove`, undefined, { params: { ids: ids.join(',') } }),
    },
    toBody: (v, mode, row) => ({
      ...(mode === 'edit' ? { id: row.id } : {}),
      word: typeof v.word === 'string' ? v.word.trim() : v.word,
      category: v.category,
      status: v.status,
      remark: v.remark ?? '',
    }),
    sort: { field: 'createTime', order: 'descend' },
    actions: [
      { key: 'import', label: 'risk.import', code: 'text_filter_add', place: 'toolbar', run: ({ reload }) => importWords(reload) }, // prettier-ignore
      { key: 'test', label: 'risk.test', place: 'toolbar', run: () => testText() },
    ],
    columns: [
      {
        prop: 'word',
        label: 'risk.word',
        search: true,
        sortable: true,
        form: {
          required: true,
          max: 100,
          pattern: { regex: /^[^\r\n,，;；]*$/, message: 'risk.wordRule' },
        },
      },
      {
        prop: 'category',
        label: 'risk.category',
        width: 140,
        sortable: true,
        search: true,
        choices: CATEGORIES.map((c) => ({ value: c, label: `risk.cat.${c}` })),
        form: { required: true, initial: 'other' },
      },
      {
        prop: 'status',
        label: 'risk.status',
        width: 110,
        numeric: true,
        search: true,
        choices: [
          { value: 1, label: 'risk.enabled' },
          { value: 0, label: 'risk.disabled' },
        ],
        render: (v) => (
          <Tag color={v === 1 ? 'green' : 'default'}>
            {i18n.t(v === 1 ? 'risk.enabled' : 'risk.disabled')}
          </Tag>
        ),
        form: { required: true, initial: 1 },
      },
      { prop: 'remark', label: 'risk.remark', ellipsis: true, form: { type: 'textarea', max: 255 } },
      { prop: 'createTime', label: 'risk.createTime', width: 180, sortable: true },
    ],
  };
}
