import { SEARCH_MAX_LENGTH, searchTypeLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import type { SearchHit, SearchResult, SearchType } from '@fuliaotong/contracts';
import { Link } from 'react-router';
import type { Route } from './+types/search';
import { HomeSearch } from '../features/search/home-search';
import { EmptyState } from '../components/load-state';
import { Notice } from '../components/notice';
import { PageHeading } from '../components/page-heading';
import { StatusTag } from '../components/status-tag';
import { ListPager, useFilterParams, withParams } from '../components/list-pager';
import { searchQuery, type SearchParams } from '../features/search/search-api';
import { usePublicQuery } from '../features/session/use-public-query';
import { loadQueries } from '../lib/route-data';
import { pageMeta } from '../site/pages';
import { uncachedPage } from '../site/page-caching';
import { RouteLoadError } from '../components/error-view';
import '../features/search/search.css';

const PAGE_SIZE = 10;
const types = ['all', 'excipient', 'registration', 'regulation', 'news'] as const satisfies readonly SearchType[];

/** Each search reaches the server, which logs it for the dashboard (no cached copy answers it). */
export const headers = uncachedPage;

export function meta({ data }: Route.MetaArgs) {
  const base = pageMeta(paths.search);
  return data && 'result' in data && data.result ? [{ title: `“${data.result.q}”的搜索结果 - 辅料通` }, base[1]!] : base;
}

type LoaderData = {
  q: string;
  problem: string | null;
  query: SearchParams | null;
  result: SearchResult | null;
};

export async function loader({ request, context }: Route.LoaderArgs): Promise<LoaderData> {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim();
  if (!q) return { q, problem: '请输入要搜索的关键词，例如“乳糖”“微晶纤维素”或登记号。', query: null, result: null };
  if (Array.from(q).length > SEARCH_MAX_LENGTH) {
    return { q, problem: `搜索关键词最多 ${SEARCH_MAX_LENGTH} 个字，请缩短后再试。`, query: null, result: null };
  }
  const type = types.find((t) => t === url.searchParams.get('type')) ?? 'all';
  const rawPage = url.searchParams.get('page') ?? '';
  const page = /^[1-9]\d{0,3}$/.test(rawPage) ? rawPage : '1';
  const query = { q, type, page, pageSize: PAGE_SIZE };
  const result = await loadQueries(context, (ensure, c) => ensure(searchQuery(query, c)));
  return { q, problem: null, query, result };
}

/** `text` with the given [start, end) ranges wrapped in <mark>. */
function Highlighted({ text, ranges }: { text: string; ranges: Array<[number, number]> }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    parts.push(text.slice(at, start), <mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

function Hit({ hit, showType }: { hit: SearchHit; showType: boolean }) {
  return (
    <li className="search-hit">
      <div className="search-hit__head">
        {showType ? <StatusTag>{searchTypeLabels[hit.type]}</StatusTag> : null}
        <Link to={hit.url} className="search-hit__title">
          <Highlighted text={hit.title} ranges={hit.titleHighlights} />
        </Link>
      </div>
      {hit.snippet ? (
        <p className="search-hit__snippet">
          <Highlighted text={hit.snippet} ranges={hit.snippetHighlights} />
        </p>
      ) : null}
      {hit.date ? <span className="search-hit__date">{hit.type === 'registration' ? `更新于 ${hit.date}` : hit.date}</span> : null}
    </li>
  );
}

const hitTypes = types.filter((t): t is Exclude<SearchType, 'all'> => t !== 'all');

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, problem, query } = loaderData;
  const result = usePublicQuery(searchQuery(query ?? { q: '' }), loaderData.result, { personal: false });
  const [params] = useFilterParams();
  const total = result ? Object.values(result.counts).reduce((a, b) => a + b, 0) : 0;
  const count = (type: SearchType) => (!result ? 0 : type === 'all' ? total : result.counts[type]);
  // A type's count stops at the cap ("1,000+") unless it is an estimate ("约 86,745": registration
  // records past their exact count); the total of all types is then "at least" or "about" too.
  const estimated = (type: SearchType) =>
    !!result && (type === 'all' ? result.estimated.length > 0 : (result.estimated as SearchType[]).includes(type));
  const capped = (type: SearchType) =>
    !!result &&
    (type === 'all'
      ? hitTypes.some((t) => !estimated(t) && result.counts[t] >= result.countCap)
      : !estimated(type) && count(type) >= result.countCap);
  const label = (type: SearchType) => `${estimated(type) ? '约 ' : ''}${count(type).toLocaleString('zh-CN')}${capped(type) ? '+' : ''}`;
  return (
    <div className="container page search-page">
      <PageHeading title="站内搜索" description="同时检索辅料产品、原辅包登记信息、法规政策与行业资讯。" />
      <div className="search-page__box">
        <HomeSearch key={q} size="large" defaultValue={q} />
      </div>
      {problem ? (
        <Notice type="info" title={problem} className="search-page__problem" />
      ) : result ? (
        <section className="panel search-page__results">
          {/* The kinds of result, each a link to the same search narrowed to it (a row that scrolls sideways on phones). */}
          <nav className="search-tabs" aria-label="结果类别">
            {types.map((type) => (
              <Link
                key={type}
                // The search narrowed to one kind of result (all kinds: no `type`), from its first page.
                to={withParams(params, { type: type === 'all' ? undefined : type, page: undefined })}
                className={['search-tab', type === result.type ? 'is-active' : '', count(type) === 0 ? 'is-empty' : ''].join(' ').trim()}
                aria-current={type === result.type ? 'page' : undefined}
              >
                {searchTypeLabels[type]} <span className="search-tab__count">{label(type)}</span>
              </Link>
            ))}
          </nav>
          {result.items.length === 0 ? (
            <EmptyState
              description={
                result.type === 'all' || total === 0
                  ? `没有找到与“${q}”相关的内容，换个关键词试试（如辅料名称、CAS 号、登记号或企业名称）。`
                  : `“${q}”在${searchTypeLabels[result.type]}中没有结果。`
              }
            />
          ) : result.type === 'all' ? (
            hitTypes
              .filter((type) => result.items.some((hit) => hit.type === type))
              .map((type) => (
                <section key={type} className="search-group" aria-labelledby={`search-group-${type}`}>
                  <div className="search-group__head">
                    <h2 id={`search-group-${type}`} className="search-group__title">
                      {searchTypeLabels[type]} <span className="search-group__count">{label(type)} 条</span>
                    </h2>
                    {count(type) > result.items.filter((hit) => hit.type === type).length ? (
                      <Link to={withQuery(paths.search, { q, type })}>查看全部{searchTypeLabels[type]} ›</Link>
                    ) : null}
                  </div>
                  <ul className="search-hits">
                    {result.items
                      .filter((hit) => hit.type === type)
                      .map((hit) => (
                        <Hit key={`${hit.type}-${hit.id}`} hit={hit} showType={false} />
                      ))}
                  </ul>
                </section>
              ))
          ) : (
            <>
              <ul className="search-hits">
                {result.items.map((hit) => (
                  <Hit key={`${hit.type}-${hit.id}`} hit={hit} showType />
                ))}
              </ul>
              <ListPager total={result.totalCount} pageSize={PAGE_SIZE} cap={result.countCap} />
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteLoadError error={error} />;
}
