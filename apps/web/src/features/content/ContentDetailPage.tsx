import { Suspense, lazy, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Switch, TreeSelect, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ARTICLE_SUMMARY_MAX,
  ARTICLE_TITLE_MAX,
  type ArticleDetail,
  type ArticleSubmit,
} from '@forecourt/contracts';
import { http, toast } from '@/shared/http';
import { useOpenMenu } from '@/shared/menu/navigate';
import {
  ARTICLE,
  ARTICLE_LIST,
  COLUMN_TREE,
  LIST_PATH,
  articleDetail,
  bodyTooLarge,
  isEmptyDoc,
  loadColumnTree,
  publishArticle,
} from './api';
import './messages';

// The editor (TipTap, ProseMirror) and the uploader load after the page: the page's own chunk stays small.
const ArticleEditor = lazy(() => import('./ArticleEditor').then((m) => ({ default: m.ArticleEditor })));
const CoverField = lazy(() => import('./fields').then((m) => ({ default: m.CoverField })));

type Doc = ArticleSubmit['body'];
const EMPTY: Doc = { type: 'doc', content: [{ type: 'paragraph' }] };

/** The form item's value and onChange reach the uploader through the Suspense it loads in. */
function LazyCover(p: { value?: string; onChange?: (v: string) => void }) {
  return (
    <Suspense>
      <CoverField value={p.value} onChange={p.onChange} />
    </Suspense>
  );
}

interface FormValues {
  columnId?: string;
  title?: string;
  summary?: string;
  coverUrl?: string;
  top?: boolean;
}

function ArticleForm({ article }: { article?: ArticleDetail }) {
  const { t } = useTranslation();
  const l = (k: string) => t(`content.editor.${k}`);
  const qc = useQueryClient();
  const open = useOpenMenu();
  const [form] = Form.useForm<FormValues>();
  const [id, setId] = useState(article?.id);
  const [status, setStatus] = useState(article?.status ?? 'draft');
  const body = useRef<Doc>(article?.body ?? EMPTY);
  const [bodyError, setBodyError] = useState<string>();
  const tree = useQuery({ queryKey: ['crud-tree', COLUMN_TREE], queryFn: loadColumnTree });

  const onBody = useRef((doc: Doc) => {
    body.current = doc;
    setBodyError(undefined);
  }).current;

  // The form is checked before the save starts: a check that waits (a field still loading its code) never
  // leaves the buttons spinning, and a click after it checks again.
  const save = useMutation({
    mutationFn: async ({ then, submit }: { then: 'save' | 'publish'; submit: ArticleSubmit }) => {
      const saved = await http.post<ArticleDetail>(`${ARTICLE}/submit`, submit);
      setId(saved.id);
      setStatus(saved.status);
      if (then === 'publish') setStatus((await publishArticle(saved.id)).status);
      toast.success(l(then === 'publish' ? 'published' : 'saved'));
      void qc.invalidateQueries({ queryKey: ['crud', ARTICLE_LIST] });
    },
  });
  const run = async (then: 'save' | 'publish') => {
    const v = await form.validateFields().catch(() => undefined);
    const doc = body.current;
    const bodyProblem = isEmptyDoc(doc)
      ? l('bodyRequired')
      : bodyTooLarge(doc)
        ? l('bodyTooLarge')
        : undefined;
    setBodyError(bodyProblem);
    if (!v || bodyProblem) return;
    save.mutate({
      then,
      submit: {
        ...(id ? { id } : {}),
        columnId: v.columnId!,
        title: (v.title ?? '').trim(),
        summary: (v.summary ?? '').trim(),
        coverUrl: v.coverUrl ?? '',
        top: Boolean(v.top),
        body: doc,
      },
    });
  };

  return (
    <Card title={l(id ? 'editTitle' : 'newTitle')}>
      <Form<FormValues>
        form={form}
        name="content-article"
        layout="vertical"
        style={{ maxWidth: 960 }}
        initialValues={{
          columnId: article?.columnId,
          title: article?.title ?? '',
          summary: article?.summary ?? '',
          coverUrl: article?.coverUrl ?? '',
          top: article?.top ?? false,
        }}
      >
        <Form.Item
          name="columnId"
          label={t('content.article.column')}
          rules={[{ required: true, message: l('columnRequired') }]}
        >
          <TreeSelect
            treeData={tree.data ?? []}
            loading={tree.isFetching}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            allowClear
            placeholder={l('columnRequired')}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('content.article.titleField')}
          rules={[
            { required: true, whitespace: true, message: l('titleRequired') },
            { max: ARTICLE_TITLE_MAX, message: l('titleMax') },
          ]}
        >
          <Input showCount maxLength={ARTICLE_TITLE_MAX} />
        </Form.Item>
        <Form.Item
          name="summary"
          label={t('content.article.summary')}
          rules={[{ max: ARTICLE_SUMMARY_MAX, message: l('summaryMax') }]}
        >
          <Input.TextArea rows={2} showCount maxLength={ARTICLE_SUMMARY_MAX} />
        </Form.Item>
        <Form.Item name="coverUrl" label={t('content.article.cover')}>
          <LazyCover />
        </Form.Item>
        <Form.Item name="top" label={t('content.article.top')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          label={l('body')}
          required
          validateStatus={bodyError ? 'error' : undefined}
          help={bodyError}
        >
          <Suspense fallback={<Typography.Text type="secondary">{l('loading')}</Typography.Text>}>
            <ArticleEditor value={article?.body} onChange={onBody} />
          </Suspense>
        </Form.Item>
        <Space>
          <Button type="primary" loading={save.isPending} onClick={() => void run('save')}>
            {l(status === 'draft' ? 'saveDraft' : 'save')}
          </Button>
          {status !== 'published' && (
            <Button loading={save.isPending} onClick={() => void run('publish')}>
              {l('publish')}
            </Button>
          )}
          <Button onClick={() => open(LIST_PATH)}>{l('back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}

/**
 * /store/publish/ContentDetail (内容详情, a hidden menu item): the article editor, `?id=` to change an article,
 * without to write a new draft. Save keeps the status; publish saves, then publishes.
 */
export default function ContentDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const detail = useQuery({
    queryKey: ['crud', ARTICLE_LIST, 'detail', id],
    queryFn: () => articleDetail(id!),
    enabled: Boolean(id),
    staleTime: 0,
  });
  if (id && !detail.data) return <Card loading={detail.isFetching} />;
  return <ArticleForm key={id ?? 'new'} article={detail.data} />;
}
