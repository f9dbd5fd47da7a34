import { REGULATION_CATEGORIES, REGULATION_STATUSES, paths, withQuery } from '@fuliaotong/contracts/constants';
import type { RegulationDetail, RegulationPage, RegulationSummary } from '@fuliaotong/contracts';
import type { Route } from './+types/regulations';
import { Breadcrumb } from '../components/breadcrumb';
import { DateRangeField, SearchField, SelectField } from '../components/filter-fields';
import { EmptyState } from '../components/load-state';
import { PageHeading } from '../components/page-heading';
import { ListPager, useFilterParams } from '../components/list-pager';
import { regulationPageQuery, regulationQuery } from '../features/article/article-api';
import { RegulationList, RegulationStatusTag, RelatedAside } from '../features/article/article-lists';
import { RichText } from '../features/article/rich-text';
import { FavoriteButton } from '../features/favorite/favorite-button';
import { usePublicQuery } from '../features/session/use-public-query';
import { idFrom, loadQueries, queryFrom } from '../lib/route-data';
import { errorMeta, pageInfo, pageMeta } from '../site/pages';
import { RouteLoadError } from '../components/error-view';
import '../features/article/article.css';

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
        items={[
          { label: '法规政策', to: paths.regulations },
          { label: r.category, to: withQuery(paths.regulations, { category: r.category }) },
        ]}
      />
      <div className="article-layout">
        <article className="panel">
          <h1 className="article-page__title">{r.title}</h1>
          <dl className="facts-table facts-table--pairs">
            <dt>发布机构</dt>
            <dd>{r.issuer}</dd>
            <dt>文号</dt>
            <dd>{r.docNumber ?? '—'}</dd>
            <dt>发布日期</dt>
            <dd>{r.issuedOn}</dd>
            <dt>实施日期</dt>
            <dd>{r.effectiveOn ?? '—'}</dd>
            <dt>状态</dt>
            <dd>
              <RegulationStatusTag status={r.status} />
            </dd>
            <dt>类别</dt>
            <dd>{r.category}</dd>
          </dl>
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
  return (
    <div className="container page">
      <PageHeading title={pageInfo(paths.regulations).title} description="药用辅料相关法律法规、部门规章、技术指导原则与征求意见稿。" />
      <section className="panel filters">
        <SearchField
          value={params.get('keyword') ?? ''}
          placeholder="标题、发布机构或文号"
          button="查询"
          label="关键词"
          onSearch={(v) => setFilter({ keyword: v })}
          className="filters__wide"
        />
        <SelectField
          label="类别"
          value={params.get('category')}
          options={REGULATION_CATEGORIES.map((c) => ({ value: c, label: c }))}
          onChange={(v) => setFilter({ category: v })}
        />
        <SelectField
          label="状态"
          value={params.get('status')}
          options={REGULATION_STATUSES.map((s) => ({ value: s, label: s }))}
          onChange={(v) => setFilter({ status: v })}
        />
        <DateRangeField
          label="发布日期"
          from={params.get('issuedFrom')}
          to={params.get('issuedTo')}
          onChange={(issuedFrom, issuedTo) => setFilter({ issuedFrom, issuedTo })}
        />
      </section>
      <p className="result-count" role="status">
        共 <strong>{page.totalCount}</strong> 篇
      </p>
      <section className="panel">
        {page.items.length ? <RegulationList items={page.items} /> : <EmptyState description="没有符合条件的法规" />}
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
