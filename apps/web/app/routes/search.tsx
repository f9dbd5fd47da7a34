import { SEARCH_MAX_LENGTH, searchTypeLabels, type SearchHit, type SearchResult, type SearchType } from '@fuliaotong/contracts';
import { Alert, Empty, Tabs, Tag } from 'antd';
import { Link } from 'react-router';
import type { Route } from './+types/search';
import { HomeSearch } from '../components/home-search';
import { PageHeading } from '../components/page-heading';
import { ListPager, useFilterParams } from '../features/public/list-pager';
import { loadOrThrow, publicApi } from '../features/public/public-api';
import { paths } from '../paths';
import { pageMeta } from '../site/pages';

const PAGE_SIZE = 10;
const types = ['all', 'excipient', 'registration', 'regulation', 'news'] as const satisfies readonly SearchType[];

export function meta({ data }: Route.MetaArgs) {
  const base = pageMeta(paths.search);
  return data && 'result' in data && data.result ? [{ title: `“${data.result.q}”的搜索结果 - 辅料通` }, base[1]!] : base;
}

type LoaderData = { q: string; problem: string | null; result: SearchResult | null };

export async function loader({ request, context }: Route.LoaderArgs): Promise<LoaderData> {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim();
  if (!q) return { q, problem: '请输入要搜索的关键词，例如“乳糖”“微晶纤维素”或登记号。', result: null };
  if (Array.from(q).length > SEARCH_MAX_LENGTH) {
    return { q, problem: `搜索关键词最多 ${SEARCH_MAX_LENGTH} 个字，请缩短后再试。`, result: null };
  }
  const type = (types as readonly string[]).includes(url.searchParams.get('type') ?? '') ? url.searchParams.get('type')! : 'all';
  const page = url.searchParams.get('page') ?? '1';
  const result = await loadOrThrow(context, (c) => publicApi.search(c, { q, type, page, pageSize: PAGE_SIZE }));
  return { q, problem: null, result };
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

function Hit({ hit }: { hit: SearchHit }) {
  return (
    <li className="search-hit">
      <div className="search-hit__head">
        <Tag>{searchTypeLabels[hit.type]}</Tag>
        <Link to={hit.url} className="search-hit__title">
          <Highlighted text={hit.title} ranges={hit.titleHighlights} />
        </Link>
      </div>
      <p className="search-hit__snippet">
        <Highlighted text={hit.snippet} ranges={hit.snippetHighlights} />
      </p>
      {hit.date ? <span className="search-hit__date">{hit.date}</span> : null}
    </li>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, problem, result } = loaderData;
  const [, setFilter] = useFilterParams();
  const count = (type: SearchType) => {
    if (!result) return 0;
    const n = type === 'all' ? Object.values(result.counts).reduce((a, b) => a + b, 0) : result.counts[type];
    return n;
  };
  const label = (n: number) => (result && n >= result.countCap ? `${result.countCap}+` : String(n));
  return (
    <div className="container page search-page">
      <PageHeading title="站内搜索" description="同时检索辅料产品、原辅包登记信息、法规政策与行业资讯。" />
      <div className="search-page__box">
        <HomeSearch key={q} size="large" defaultValue={q} />
      </div>
      {problem ? (
        <Alert type="info" showIcon title={problem} className="search-page__problem" />
      ) : result ? (
        <>
          <Tabs
            activeKey={result.type}
            onChange={(type) => setFilter({ type: type === 'all' ? undefined : type })}
            items={types.map((type) => ({ key: type, label: `${searchTypeLabels[type]} ${label(count(type))}` }))}
          />
          {result.items.length === 0 ? (
            <Empty description={`没有找到与“${q}”相关的内容，换个关键词试试。`} />
          ) : (
            <ul className="search-hits">
              {result.items.map((hit) => (
                <Hit key={`${hit.type}-${hit.id}`} hit={hit} />
              ))}
            </ul>
          )}
          {result.type !== 'all' ? <ListPager total={result.totalCount} pageSize={PAGE_SIZE} /> : null}
        </>
      ) : null}
    </div>
  );
}
