import { Suspense, lazy, useMemo, useState } from 'react';
import { Button, Form } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Article } from '@forecourt/contracts';
import { useSession } from '@/shared/auth/store';
import { CrudTable } from '@/shared/crud';
import { useOpenMenu } from '@/shared/menu/navigate';
import { DayRangeFilter, wholeDays, type DayRange } from '@/shared/ui/DayRangeFilter';
import { DETAIL_PATH } from './api';
import { articleDef } from './articleDef';
import './messages';

// The preview (a dialog with a read-only editor) loads when first opened.
const ArticlePreview = lazy(() => import('./ArticlePreview').then((m) => ({ default: m.ArticlePreview })));

/**
 * /store/publish/PublishList (栏目内容发布): the declared list of articles, the creation date range its search
 * form has no input for; add and edit open the editor page in a tab.
 */
export default function PublishListPage() {
  const { t } = useTranslation();
  const open = useOpenMenu();
  const canAdd = useSession((s) => Boolean(s.permission.publish_list_add));
  const [preview, setPreview] = useState<Article>();
  const [range, setRange] = useState<DayRange>(null);
  const params = useMemo(() => wholeDays(range, 'createTime'), [range]);
  const def = useMemo(
    () =>
      articleDef({
        edit: (row) => open(`${DETAIL_PATH}?id=${encodeURIComponent(row.id)}`),
        preview: setPreview,
      }),
    // `open` is a new function each render; the def only needs the first (it navigates the same way).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return (
    <>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('content.article.createTime')}>
          <DayRangeFilter
            value={range}
            onChange={setRange}
            placeholder={['content.article.createFrom', 'content.article.createTo']}
          />
        </Form.Item>
      </Form>
      <CrudTable
        def={def}
        params={params}
        extraToolbar={
          canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open(DETAIL_PATH)}>
              {t('content.article.add')}
            </Button>
          )
        }
      />
      <Suspense>
        {preview && <ArticlePreview article={preview} onClose={() => setPreview(undefined)} />}
      </Suspense>
    </>
  );
}
