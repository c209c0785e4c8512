import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { message } from 'antd';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import type { Article, ArticleDetail, ContentColumn } from '@forecourt/contracts';
import '@/shared/upload/test-env';
import { buttonsOf, drawPage, rowOf } from '@/shared/crud/testing';
import i18n from '@/shared/i18n';

const DRAFT: Article = {
  id: '11',
  columnId: '3',
  columnName: '公司新闻',
  title: '开业公告',
  summary: '',
  coverUrl: '',
  status: 'draft',
  top: false,
  publishTime: null,
  authorName: '王编辑',
  createTime: '2026-11-29 09:00:00',
  updateTime: '2026-11-29 09:00:00',
};
const PUBLISHED: Article = {
  ...DRAFT,
  id: '12',
  title: '国庆促销',
  status: 'published',
  top: true,
  publishTime: '2026-11-29 10:00:00',
};
const OFFLINE: Article = { ...DRAFT, id: '13', title: '旧闻', status: 'offline' };
const BODY = {
  type: 'doc' as const,
  content: [{ type: 'paragraph', content: [{ type: 'text', text: '正文' }] }],
};
const DETAIL: ArticleDetail = { ...DRAFT, summary: '摘要', body: BODY };
const COLUMNS: ContentColumn[] = [
  {
    id: '3',
    parentId: '0',
    name: '公司新闻',
    code: 'news',
    sort: 1,
    status: 1,
    remark: '',
    hasChildren: true,
    createTime: '2026-11-01 08:00:00',
  },
  {
    id: '4',
    parentId: '0',
    name: '内部通知',
    code: 'notice',
    sort: 2,
    status: 0,
    remark: '仅员工',
    createTime: '2026-11-01 08:00:00',
  },
];

/** The server as the pages meet it. */
const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
http.get.mockImplementation(async (url: string) => {
  if (url === '/api/blade-content/article/list')
    return { records: [DRAFT, PUBLISHED, OFFLINE], total: 3, current: 1, size: 10 };
  if (url === '/api/blade-content/article/detail') return DETAIL;
  if (url === '/api/blade-content/column/list') return { records: COLUMNS, total: 2, current: 1, size: 1000 };
  if (url === '/api/blade-content/column/tree')
    return [
      { id: '3', name: '公司新闻', children: [{ id: '5', name: '门店动态' }] },
      { id: '4', name: '内部通知' },
    ];
  throw new Error(`unexpected ${url}`);
});
http.post.mockImplementation(async (url: string, body: { id?: string }) => {
  if (url === '/api/blade-content/article/publish') return { ...DRAFT, id: body.id, status: 'published' };
  if (url === '/api/blade-content/article/offline') return { ...PUBLISHED, status: 'offline' };
  if (url === '/api/blade-content/article/submit') return { ...DETAIL, ...body, id: body.id ?? '99' };
  throw new Error(`unexpected ${url}`);
});
vi.mock('@/shared/http', async (real) => ({ ...(await real<typeof import('@/shared/http')>()), http }));

// TipTap does not lay out in jsdom: the editor is a text box that answers the editor's JSON.
vi.mock('./ArticleEditor', () => ({
  ArticleEditor: (p: { onChange?: (doc: unknown) => void }) => (
    <textarea
      aria-label="editor"
      onChange={(e) =>
        p.onChange?.({
          type: 'doc',
          content: [
            { type: 'paragraph', content: e.target.value ? [{ type: 'text', text: e.target.value }] : [] },
          ],
        })
      }
    />
  ),
}));
vi.mock('./fields', () => ({
  CoverField: (p: { value?: string; onChange?: (v: string) => void }) => (
    <input aria-label="cover" value={p.value ?? ''} onChange={(e) => p.onChange?.(e.target.value)} />
  ),
}));

const { default: PublishListPage } = await import('./PublishListPage');
const { default: ContentDetailPage } = await import('./ContentDetailPage');
const { crudPage } = await import('@/shared/crud');
const { columnDef } = await import('./columnDef');
const { pages } = await import('./pages');

const ALL = ['publish_list_add', 'publish_list_edit', 'publish_list_delete', 'publish_list_publish'];

const draw = (node: ReactNode, codes: string[] = ALL, at = '/') =>
  drawPage(<MemoryRouter initialEntries={[at]}>{node}</MemoryRouter>, codes, {
    account: 'editor',
    role: 'editor',
  });

beforeEach(() => i18n.changeLanguage('en'));
afterEach(() => {
  cleanup();
  message.destroy();
  http.get.mockClear();
  http.post.mockClear();
});

describe('the article list (栏目内容发布)', () => {
  it('shows the statuses in words and the row buttons by status and permission', async () => {
    const user = userEvent.setup();
    draw(<PublishListPage />);
    const draft = await rowOf('开业公告');
    expect(within(draft).getByText('Draft')).toBeTruthy();
    expect(within(await rowOf('国庆促销')).getByText('Published')).toBeTruthy();
    expect(within(await rowOf('国庆促销')).getByText('Top')).toBeTruthy();
    expect(within(await rowOf('旧闻')).getByText('Offline')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add/ })).toBeTruthy();

    expect(await buttonsOf(draft, user)).toEqual(['Delete', 'Edit', 'View', 'Publish']);
    expect(await buttonsOf(await rowOf('国庆促销'), user)).toEqual([
      'Delete',
      'Edit',
      'View',
      'Take offline',
    ]);
    cleanup();

    // A reader: the preview only, no add.
    draw(<PublishListPage />, []);
    expect(await buttonsOf(await rowOf('旧闻'), user)).toEqual(['View']);
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
  }, 60_000);

  it('publishes a draft by posting its id', async () => {
    const user = userEvent.setup();
    draw(<PublishListPage />, ['publish_list_publish']);
    const row = await rowOf('开业公告');
    await user.hover(within(row).getByRole('button', { name: new RegExp(i18n.t('crud.more')) }));
    await user.click(await screen.findByRole('menuitem', { name: 'Publish' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/blade-content/article/publish', { id: '11' }),
    );
  }, 60_000);

  it('is in Chinese by default', async () => {
    await i18n.changeLanguage('zh');
    draw(<PublishListPage />);
    expect(within(await rowOf('国庆促销')).getByText('已发布')).toBeTruthy();
    expect(within(await rowOf('开业公告')).getByText('草稿')).toBeTruthy();
    expect(screen.getAllByText('标题').length).toBeGreaterThan(0);
  }, 60_000);
});

describe('the article editor page (内容详情)', () => {
  it('refuses an empty title, no column and an empty body', async () => {
    const user = userEvent.setup();
    draw(<ContentDetailPage />, ALL, '/store/publish/ContentDetail');
    await screen.findByLabelText('editor');
    await user.click(screen.getByRole('button', { name: /Save draft/ }));
    expect(await screen.findByText('Enter a title')).toBeTruthy();
    expect(
      await screen.findByText('Choose a column', { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
    expect(await screen.findByText('Write the body')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
  }, 60_000);

  it('saves an article as ArticleSubmit with the editor JSON', async () => {
    const user = userEvent.setup();
    draw(<ContentDetailPage />, ALL, '/store/publish/ContentDetail?id=11');
    const title = await screen.findByDisplayValue('开业公告');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: /Save draft/ }));
    expect(await screen.findByText('Enter a title')).toBeTruthy();
    await user.type(title, '新标题');
    fireEvent.change(screen.getByLabelText('editor'), { target: { value: '你好' } });
    await user.click(screen.getByRole('button', { name: /Save draft/ }));
    await waitFor(() => expect(http.post).toHaveBeenCalled());
    expect(http.post).toHaveBeenCalledWith('/api/blade-content/article/submit', {
      id: '11',
      columnId: '3',
      title: '新标题',
      summary: '摘要',
      coverUrl: '',
      top: false,
      body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '你好' }] }] },
    });
  }, 60_000);

  it('publishes after saving', async () => {
    const user = userEvent.setup();
    draw(<ContentDetailPage />, ALL, '/store/publish/ContentDetail?id=11');
    await screen.findByDisplayValue('开业公告');
    fireEvent.change(screen.getByLabelText('editor'), { target: { value: '你好' } });
    await user.click(screen.getByRole('button', { name: /^Publish$/ }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/blade-content/article/publish', { id: '11' }),
    );
    expect(http.post.mock.calls[0]![0]).toBe('/api/blade-content/article/submit');
  }, 60_000);
});

describe('the columns page (栏目管理)', () => {
  it('lists the columns as a tree from the top level', async () => {
    await i18n.changeLanguage('zh');
    const Page = crudPage(columnDef).default;
    draw(<Page />, ['column_add', 'column_edit', 'column_delete']);
    const row = await rowOf('公司新闻');
    expect(within(row).getByText('news')).toBeTruthy();
    expect(within(row).getByText('显示')).toBeTruthy();
    expect(within(await rowOf('内部通知')).getByText('隐藏')).toBeTruthy();
    const list = http.get.mock.calls.find(([u]) => u === '/api/blade-content/column/list')!;
    expect((list[1] as { params: Record<string, unknown> }).params.parentId).toBe('0');
  }, 60_000);

  it('registers the three pages', () => {
    expect(Object.keys(pages).sort()).toEqual([
      '/store/column/column',
      '/store/publish/ContentDetail',
      '/store/publish/PublishList',
    ]);
  });
});
