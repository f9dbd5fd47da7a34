import { CloseOutlined } from '@ant-design/icons';
import { PHARMACOPOEIAS, pharmacopoeiaLabels, paths } from '@fuliaotong/contracts/constants';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/excipients';
import { CheckField, SearchField, SelectField } from '../components/filter-fields';
import { EmptyState } from '../components/load-state';
import { PageHeading } from '../components/page-heading';
import { ListPager, useFilterParams } from '../components/list-pager';
import { excipientFacetsQuery, excipientPageQuery } from '../features/excipient/excipient-api';
import { ExcipientCard } from '../features/excipient/excipient-card';
import { usePublicQuery } from '../features/session/use-public-query';
import { loadQueries, queryFrom } from '../lib/route-data';
import { pageInfo, pageMeta } from '../site/pages';
import { RouteLoadError } from '../components/error-view';
import '../features/excipient/excipient.css';

const PAGE_SIZE = 12;
const filters = ['keyword', 'category', 'dosageForm', 'pharmacopoeia', 'sampleAvailable', 'page'] as const;

export function meta() {
  return pageMeta(paths.excipients);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = { ...queryFrom(new URL(request.url), filters), pageSize: String(PAGE_SIZE) };
  return loadQueries(context, async (ensure, c) => {
    const [page, facets] = await Promise.all([ensure(excipientPageQuery(query, c)), ensure(excipientFacetsQuery(c))]);
    return { query, page, facets };
  });
}

function FacetList({
  title,
  name,
  options,
  current,
  onPick,
}: {
  title: string;
  name: string;
  options: Array<{ value: string; count: number }>;
  current: string | null;
  onPick: (value: string | undefined) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  // On phones the list is one row that scrolls sideways: bring the chosen option into view.
  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>('.is-active');
    if (list.current && active && list.current.scrollWidth > list.current.clientWidth) {
      list.current.scrollLeft = Math.max(0, active.offsetLeft - list.current.offsetLeft - 24);
    }
  }, [current]);
  return (
    <div className="facet">
      <h2 className="facet__title">{title}</h2>
      <ul className="facet__list" aria-label={title} ref={list}>
        <li>
          <button
            type="button"
            className={current ? 'facet__item' : 'facet__item is-active'}
            aria-pressed={!current}
            onClick={() => onPick(undefined)}
          >
            全部
          </button>
        </li>
        {options.map((o) => (
          <li key={o.value}>
            <button
              type="button"
              data-facet={name}
              className={current === o.value ? 'facet__item is-active' : 'facet__item'}
              aria-pressed={current === o.value}
              onClick={() => onPick(current === o.value ? undefined : o.value)}
            >
              {o.value} <span className="facet__count">{o.count}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

const chipLabels: Record<string, (v: string) => string> = {
  keyword: (v) => `关键词：${v}`,
  category: (v) => v,
  dosageForm: (v) => v,
  pharmacopoeia: (v) => `符合 ${v}`,
  sampleAvailable: () => '可申请样品',
};

export default function Excipients({ loaderData }: Route.ComponentProps) {
  const page = usePublicQuery(excipientPageQuery(loaderData.query), loaderData.page, { personal: false });
  const facets = usePublicQuery(excipientFacetsQuery(), loaderData.facets, { personal: false });
  const [params, setFilter] = useFilterParams();
  const info = pageInfo(paths.excipients);
  const chosen = Object.keys(chipLabels).filter((key) => params.get(key));
  return (
    <div className="container page catalogue">
      <PageHeading title={info.title} description="按功能分类、适用剂型与药典标准查找药用辅料，在线申请样品。" />
      <div className="toolbar catalogue__toolbar">
        <SearchField
          value={params.get('keyword') ?? ''}
          placeholder="名称、英文名、CAS 号或别名"
          button="搜索"
          label="搜索辅料"
          onSearch={(v) => setFilter({ keyword: v })}
          className="toolbar__search"
        />
        <SelectField
          label="药典标准"
          value={params.get('pharmacopoeia')}
          options={PHARMACOPOEIAS.map((p) => ({ value: p, label: `${p} ${pharmacopoeiaLabels[p]}` }))}
          onChange={(v) => setFilter({ pharmacopoeia: v })}
          className="toolbar__select"
        />
        <CheckField
          label="只看可申请样品"
          checked={params.get('sampleAvailable') === 'true'}
          onChange={(checked) => setFilter({ sampleAvailable: checked ? 'true' : undefined })}
          className="toolbar__check"
        />
      </div>
      <div className="catalogue__layout">
        <aside className="catalogue__facets panel" aria-label="分类筛选">
          <FacetList
            title="功能分类"
            name="category"
            options={facets.categories}
            current={params.get('category')}
            onPick={(v) => setFilter({ category: v })}
          />
          <FacetList
            title="适用剂型"
            name="dosageForm"
            options={facets.dosageForms}
            current={params.get('dosageForm')}
            onPick={(v) => setFilter({ dosageForm: v })}
          />
        </aside>
        <section className="catalogue__results" aria-label="产品列表">
          <div className="result-count">
            {/* The count is announced when it changes; the chips beside it are not part of it. */}
            <span role="status">
              共找到 <strong>{page.totalCount}</strong> 种辅料
            </span>
            {chosen.length ? (
              <span className="chosen-filters">
                {chosen.map((key) => {
                  const label = chipLabels[key]!(params.get(key)!);
                  return (
                    <button
                      key={key}
                      type="button"
                      className="filter-chip"
                      aria-label={`移除筛选：${label}`}
                      onClick={() => setFilter({ [key]: undefined })}
                    >
                      {label}
                      <CloseOutlined aria-hidden className="filter-chip__close" />
                    </button>
                  );
                })}
                <Link to={paths.excipients} className="chosen-filters__clear">
                  清除全部
                </Link>
              </span>
            ) : null}
          </div>
          {page.items.length === 0 ? (
            <section className="panel">
              <EmptyState description="没有符合条件的辅料，换个关键词或筛选条件试试。" />
            </section>
          ) : (
            <div className="excipient-grid excipient-grid--list">
              {page.items.map((item) => (
                <ExcipientCard key={item.id} item={item} />
              ))}
            </div>
          )}
          <ListPager total={page.totalCount} pageSize={PAGE_SIZE} />
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteLoadError error={error} back={{ to: paths.excipients, label: '清除筛选条件' }} />;
}
