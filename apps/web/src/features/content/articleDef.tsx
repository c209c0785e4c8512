import { Tag } from 'antd';
import { ARTICLE_STATUSES, type Article, type ArticleStatus } from '@forecourt/contracts';
import i18n from '@/shared/i18n';
import { toast } from '@/shared/http';
import { bladeCalls, type CrudDef } from '@/shared/crud';
import { ARTICLE, ARTICLE_LIST, COLUMN_TREE, loadColumnTree, offlineArticle, publishArticle } from './api';
import './messages';

const t = (key: string, o?: Record<string, unknown>) => i18n.t(`content.article.${key}`, o);
const statusText = (s: ArticleStatus) => t(`statusOf.${s}`);
const COLORS: Record<ArticleStatus, string> = { draft: 'default', published: 'green', offline: 'orange' };

const { list, detail, remove } = bladeCalls<Article>(ARTICLE);

/** What the page does for the buttons that leave the table: the editor page, the preview. */
export interface ArticleHandlers {
  edit(row: Article): void;
  preview(row: Article): void;
}

/**
 * /store/publish/PublishList (栏目内容发布): the articles without their bodies, written on the editor page
 * (no add/edit dialog: the def has no submit), published and taken offline from their row.
 */
export const articleDef = (on: ArticleHandlers): CrudDef<Article> => ({
  name: ARTICLE_LIST,
  title: 'content.article.title',
  perm: 'publish_list',
  // The built-in view (a form dialog) has no body to show: the preview action replaces it.
  buttons: { view: 'publish_list_view_form' },
  rowName: (r) => r.title,
  api: { list, detail, remove },
  columns: [
    { prop: 'title', label: 'content.article.titleField', width: 260, ellipsis: true, search: true },
    { prop: 'columnName', label: 'content.article.column', width: 140 },
    {
      prop: 'columnId',
      label: 'content.article.column',
      table: false,
      export: false,
      search: true,
      tree: { key: COLUMN_TREE, load: loadColumnTree },
    },
    {
      prop: 'status',
      label: 'content.article.status',
      width: 100,
      search: true,
      choices: ARTICLE_STATUSES.map((s) => ({ value: s, label: `content.article.statusOf.${s}` })),
      render: (_, r) => <Tag color={COLORS[r.status]}>{statusText(r.status)}</Tag>,
      text: (r) => statusText(r.status),
    },
    {
      prop: 'top',
      label: 'content.article.top',
      width: 80,
      render: (_, r) => (r.top ? <Tag color="red">{t('topped')}</Tag> : null),
      text: (r) => (r.top ? t('topped') : ''),
    },
    { prop: 'authorName', label: 'content.article.author', width: 120 },
    { prop: 'publishTime', label: 'content.article.publishTime', width: 170, sortable: true },
    { prop: 'updateTime', label: 'content.article.updateTime', width: 170 },
    { prop: 'createTime', label: 'content.article.createTime', width: 170, sortable: true },
  ],
  actions: [
    {
      key: 'edit',
      label: 'content.article.edit',
      code: 'publish_list_edit',
      place: 'row',
      run: ({ rows }) => on.edit(rows[0]!),
    },
    {
      key: 'preview',
      label: 'content.article.preview',
      place: 'row',
      run: ({ rows }) => on.preview(rows[0]!),
    },
    {
      key: 'publish',
      label: 'content.article.publish',
      code: 'publish_list_publish',
      place: 'row',
      visible: (r) => r.status === 'draft' || r.status === 'offline',
      run: async ({ rows, reload }) => {
        await publishArticle(rows[0]!.id);
        toast.success(t('published'));
        reload();
      },
    },
    {
      key: 'offline',
      label: 'content.article.offline',
      code: 'publish_list_publish',
      place: 'row',
      danger: true,
      visible: (r) => r.status === 'published',
      confirm: (rows) => t('offlineConfirm', { name: rows[0]!.title }),
      run: async ({ rows, reload }) => {
        await offlineArticle(rows[0]!.id);
        toast.success(t('offlined'));
        reload();
      },
    },
  ],
});
