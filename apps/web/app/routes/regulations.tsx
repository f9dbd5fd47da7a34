import { REGULATION_CATEGORIES, REGULATION_STATUSES } from '@fuliaotong/contracts/constants';
import type { RegulationDetail, RegulationPage, RegulationSummary } from '@fuliaotong/contracts';
import { Breadcrumb, DatePicker, Descriptions, Empty, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { Route } from './+types/regulations';
import { PageHeading } from '../components/page-heading';
import { ListPager, useFilterParams } from '../components/list-pager';
import { regulationPageQuery, regulationQuery } from '../features/articles/article-api';
import { RegulationList, RegulationStatusTag, RelatedAside } from '../features/articles/article-lists';
import { RichText } from '../features/articles/rich-text';
import { FavoriteButton } from '../features/favorites/favorite-button';
import { usePublicQuery } from '../features/session/use-public-query';
import { idFrom, loadQueries, queryFrom } from '../lib/route-data';
import { paths, withQuery } from '../paths';
import { errorMeta, pageInfo, pageMeta } from '../site/pages';
import { RouteLoadError } from '../components/error-view';
import '../features/articles/articles.css';

const PAGE_SIZE = 15;
const filters = ['keyword', 'category', 'status', 'issuedFrom', 'issuedTo', 'page'] as const;

type LoaderData =
  | { kind: 'list'; query: Record<string, string>; page: RegulationPage }
  | { kind: 'detail'; regulation: RegulationDetail; related: RegulationSummary[] };

/** /regulations and /topregulations: the list with its filters; `?id=` shows one document in full. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<LoaderData> {
  const url = new URL(request.url);
  if (url.searchParams.has('id')) {
    const id = idFrom(url, url.pathname);
    return loadQueries(context, async (ensure, c) => {
      const regulation = await ensure(regulationQuery(id, c));
      const related = await ensure(regulationPageQuery({ category: regulation.category, pageSize: 7 }, c));
      return { kind: 'detail', regulation, related: related.items.filter((r) => r.id !== id).slice(0, 6) } as const;
    });
  }
  const query = { ...queryFrom(url, filters), pageSize: String(PAGE_SIZE) };
  return { kind: 'list', query, page: await loadQueries(context, (ensure, c) => ensure(regulationPageQuery(query, c))) };
}

export function meta({ data, error, location }: Route.MetaArgs) {
  if (error) return errorMeta(error);
  if (data?.kind === 'detail') {
    const r = data.regulation;
    return [
      { title: `${r.title} - 法规政策 - 辅料通` },
      { name: 'description', content: `${r.issuer}${r.docNumber ? ` ${r.docNumber}` : ''}，${r.issuedOn} 发布。` },
    ];
  }
  return pageMeta(location.pathname === paths.topRegulations ? paths.regulations : location.pathname);
}

function RegulationArticle({ anonymous, related }: { anonymous: RegulationDetail; related: RegulationSummary[] }) {
  const r = usePublicQuery(regulationQuery(anonymous.id), anonymous);
  return (
    <div className="container page article-page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to={paths.regulations}>法规政策</Link> },
          { title: <Link to={withQuery(paths.regulations, { category: r.category })}>{r.category}</Link> },
        ]}
      />
      <div className="article-layout">
        <article className="panel">
          <h1 className="article-page__title">{r.title}</h1>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'issuer', label: '发布机构', children: r.issuer },
              { key: 'doc', label: '文号', children: r.docNumber ?? '—' },
              { key: 'issued', label: '发布日期', children: r.issuedOn },
              { key: 'effective', label: '实施日期', children: r.effectiveOn ?? '—' },
              { key: 'status', label: '状态', children: <RegulationStatusTag status={r.status} /> },
              { key: 'category', label: '类别', children: r.category },
            ]}
          />
          <div className="article-page__actions">
            <FavoriteButton targetType="regulation" targetId={r.id} favoriteId={r.favoriteId} />
          </div>
          <RichText html={r.content} />
        </article>
        <RelatedAside
          id="related-regulations"
          title={`相关法规 · ${r.category}`}
          moreHref={withQuery(paths.regulations, { category: r.category })}
          moreLabel={`更多${r.category} ›`}
          emptyText="暂无相关法规。"
        >
          {related.length ? <RegulationList items={related} /> : null}
        </RelatedAside>
      </div>
    </div>
  );
}

function RegulationIndex({ query, page: serverPage }: { query: Record<string, string>; page: RegulationPage }) {
  const page = usePublicQuery(regulationPageQuery(query), serverPage, { personal: false });
  const [params, setFilter] = useFilterParams();
  const from = params.get('issuedFrom');
  const to = params.get('issuedTo');
  return (
    <div className="container page">
      <PageHeading title={pageInfo(paths.regulations).title} description="药用辅料相关法律法规、部门规章、技术指导原则与征求意见稿。" />
      <section className="panel filters">
        <Input.Search
          key={`k-${params.get('keyword') ?? ''}`}
          defaultValue={params.get('keyword') ?? ''}
          placeholder="标题、发布机构或文号"
          allowClear
          maxLength={50}
          enterButton="查询"
          aria-label="关键词"
          onSearch={(v) => setFilter({ keyword: v.trim() })}
          className="filters__wide"
        />
        <Select
          allowClear
          placeholder="类别"
          aria-label="类别"
          value={params.get('category') ?? undefined}
          options={REGULATION_CATEGORIES.map((c) => ({ value: c, label: c }))}
          onChange={(v) => setFilter({ category: v })}
        />
        <Select
          allowClear
          placeholder="状态"
          aria-label="状态"
          value={params.get('status') ?? undefined}
          options={REGULATION_STATUSES.map((s) => ({ value: s, label: s }))}
          onChange={(v) => setFilter({ status: v })}
        />
        <DatePicker.RangePicker
          aria-label="发布日期"
          value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
          allowEmpty={[true, true]}
          onChange={(range) => setFilter({ issuedFrom: range?.[0]?.format('YYYY-MM-DD'), issuedTo: range?.[1]?.format('YYYY-MM-DD') })}
        />
      </section>
      <p className="result-count" role="status">
        共 <strong>{page.totalCount}</strong> 篇
      </p>
      <section className="panel">
        {page.items.length ? <RegulationList items={page.items} /> : <Empty description="没有符合条件的法规" />}
      </section>
      <ListPager total={page.totalCount} pageSize={PAGE_SIZE} />
    </div>
  );
}

export default function Regulations({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === 'detail' ? (
    <RegulationArticle anonymous={loaderData.regulation} related={loaderData.related} />
  ) : (
    <RegulationIndex query={loaderData.query} page={loaderData.page} />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteLoadError error={error} back={{ to: paths.regulations, label: '法规政策列表' }} />;
}
