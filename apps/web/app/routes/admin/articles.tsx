import { PlusOutlined } from '@ant-design/icons';
import type { AdminArticleSummary, AdminNews, AdminRegulation, ArticleState } from '@fuliaotong/contracts';
import { articleStateLabels, paths } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import {
  adminArticlesQuery,
  adminNewsQuery,
  adminRegulationQuery,
  articlePublicUrl,
  ARTICLES_PAGE_SIZE,
  type ArticleKind,
} from '../../features/article/article-admin-api';
import { Skeleton } from '../../components/load-state';
import { Desk } from '../../features/staff/desk/desk';
import { DeskDrawer, DeskItem } from '../../features/staff/desk/desk-drawer';
import { DeskChoice, DeskSearch } from '../../features/staff/desk/desk-filters';
import { DeskLink, DeskTable } from '../../features/staff/desk/desk-table';
import { paramOf, useDeskQuery } from '../../features/staff/desk/desk-query';
import { useDeskWrites } from '../../features/staff/desk-access';
import { pageMeta } from '../../site/pages';
import './staff-desks.css';

export function meta() {
  return pageMeta(paths.adminArticles);
}

const KINDS = [
  { value: 'news', label: '行业资讯' },
  { value: 'regulation', label: '法规政策' },
] as const;
const kindNames: Record<ArticleKind, string> = { news: '资讯', regulation: '法规' };

/** The drawer's form (dates, the rich-text editor) loads when a drawer opens. */
const ArticleEditor = lazy(() => import('../../features/article/article-editor').then((module) => ({ default: module.ArticleEditor })));
const STATE_FILTERS = [
  { value: 'all', label: '全部' },
  { value: 'draft', label: articleStateLabels.draft },
  { value: 'scheduled', label: articleStateLabels.scheduled },
  { value: 'published', label: articleStateLabels.published },
] as const;
const stateColors: Record<ArticleState, string> = { draft: 'default', scheduled: 'gold', published: 'green' };


/** The articles desk: news and regulations in every state; a drawer writes one. */
export default function AdminArticlesPage() {
  const { searchParams, keyword, page, openId, go } = useDeskQuery();
  const kind: ArticleKind = searchParams.get('kind') === 'regulation' ? 'regulation' : 'news';
  const state = paramOf(searchParams.get('state'), STATE_FILTERS.map((s) => s.value), 'all');
  const list = useQuery(
    adminArticlesQuery(kind, { state: state === 'all' ? undefined : state, keyword: keyword || undefined, page, pageSize: ARTICLES_PAGE_SIZE }),
  );
  const { canWrite } = useDeskWrites();

  const columns: ColumnsType<AdminArticleSummary> = [
    {
      title: '标题',
      key: 'title',
      width: 360,
      render: (_, article) => (
        <DeskLink onClick={() => go({ id: article.id })} label={`${canWrite ? '编辑' : '查看'} ${article.title}`}>
          {article.title}
        </DeskLink>
      ),
    },
    { title: kind === 'news' ? '栏目' : '类别', dataIndex: 'category', width: 120 },
    { title: '发布日期', dataIndex: 'date', width: 120 },
    {
      title: '状态',
      key: 'state',
      width: 200,
      render: (_, article) => (
        <>
          <Tag color={stateColors[article.state]}>{articleStateLabels[article.state]}</Tag>
          {article.state === 'scheduled' && article.publishAt ? (
            <span className="staff-desk__muted">{dayjs(article.publishAt).format('MM-DD HH:mm')} 发布</span>
          ) : null}
        </>
      ),
    },
    { title: '修改时间', dataIndex: 'updatedAt', width: 150, render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm') },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, article) => (
        <Link to={articlePublicUrl(kind, article.id)} target="_blank" rel="noopener">
          {article.state === 'published' ? '查看' : '预览'}
        </Link>
      ),
    },
  ];

  return (
    <Desk
      path={paths.adminArticles}
      refresh={list}
      actions={
        canWrite ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => go({ id: 'new' })}>
            新建{kindNames[kind]}
          </Button>
        ) : null
      }
      filters={
        <>
          <DeskChoice label="文章类别" param="kind" value={kind} options={KINDS} also={{ id: null }} />
          <DeskChoice label="发布状态" param="state" value={state} options={STATE_FILTERS} />
          <DeskSearch key={kind} label={`搜索${kindNames[kind]}`} placeholder="标题" />
        </>
      }
      editor={<ArticleDrawer kind={kind} id={openId} onClose={() => go({ id: null })} onCreated={(id) => go({ id })} />}
    >
      <DeskTable
        list={list}
        columns={columns}
        errorTitle="文章列表加载失败"
        scrollX={1040}
        noun={kindNames[kind]}
        paging={{ pageSize: ARTICLES_PAGE_SIZE, unit: '篇' }}
      />
    </Desk>
  );
}

function ArticleDrawer({
  kind,
  id,
  onClose,
  onCreated,
}: {
  kind: ArticleKind;
  id: number | 'new' | undefined;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const numeric = typeof id === 'number' ? id : undefined;
  const news = useQuery({ ...adminNewsQuery(numeric ?? 0), enabled: kind === 'news' && numeric !== undefined });
  const regulation = useQuery({ ...adminRegulationQuery(numeric ?? 0), enabled: kind === 'regulation' && numeric !== undefined });
  const article = kind === 'news' ? news : regulation;
  const verb = useDeskWrites().canWrite ? '编辑' : '查看';
  return (
    <DeskDrawer
      open={id !== undefined}
      onClose={onClose}
      title={
        id === 'new'
          ? `新建${kindNames[kind]}`
          : article.data
            ? `${verb}${kindNames[kind]}：${article.data.title}`
            : `${verb}${kindNames[kind]}`
      }
      width={960}
    >
      <Suspense fallback={<Skeleton rows={8} />}>
        {id === 'new' ? (
          <ArticleEditor kind={kind} onSaved={onCreated} />
        ) : (
          <DeskItem<AdminNews | AdminRegulation> item={article} errorTitle="文章加载失败">
            {(data) => <ArticleEditor key={`${kind}-${data.id}`} kind={kind} article={data} />}
          </DeskItem>
        )}
      </Suspense>
    </DeskDrawer>
  );
}
