import { PHARMACOPOEIAS, pharmacopoeiaLabels } from '@fuliaotong/contracts';
import { Empty, Input, Select } from 'antd';
import type { Route } from './+types/excipients';
import { PageHeading } from '../components/page-heading';
import { ExcipientCard } from '../features/public/cards';
import { ListPager, useFilterParams } from '../features/public/list-pager';
import { loadOrThrow, publicApi, queryFrom } from '../features/public/public-api';
import { paths } from '../paths';
import { pageInfo, pageMeta } from '../site/pages';

const PAGE_SIZE = 12;
const filters = ['keyword', 'category', 'dosageForm', 'pharmacopoeia', 'sampleAvailable', 'page'] as const;

export function meta() {
  return pageMeta(paths.excipients);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = { ...queryFrom(new URL(request.url), filters), pageSize: String(PAGE_SIZE) };
  return loadOrThrow(context, async (client) => {
    const [page, facets] = await Promise.all([publicApi.excipients(client, query), publicApi.excipientFacets(client)]);
    return { page, facets };
  });
}

function FacetList({ title, name, options, current, onPick }: {
  title: string;
  name: string;
  options: Array<{ value: string; count: number }>;
  current: string | null;
  onPick: (value: string | undefined) => void;
}) {
  return (
    <div className="facet">
      <h3 className="facet__title">{title}</h3>
      <ul className="facet__list" aria-label={title}>
        <li>
          <button type="button" className={current ? 'facet__item' : 'facet__item is-active'} onClick={() => onPick(undefined)}>
            全部
          </button>
        </li>
        {options.map((o) => (
          <li key={o.value}>
            <button
              type="button"
              data-facet={name}
              className={current === o.value ? 'facet__item is-active' : 'facet__item'}
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

export default function Excipients({ loaderData }: Route.ComponentProps) {
  const { page, facets } = loaderData;
  const [params, setFilter] = useFilterParams();
  const info = pageInfo(paths.excipients);
  return (
    <div className="container page catalogue">
      <PageHeading title={info.title} description="按功能分类、适用剂型与药典标准查找药用辅料，在线申请样品。" />
      <div className="catalogue__layout">
        <aside className="catalogue__facets panel">
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
        <section className="catalogue__results">
          <div className="toolbar">
            <Input.Search
              key={params.get('keyword') ?? ''}
              defaultValue={params.get('keyword') ?? ''}
              placeholder="名称、英文名、CAS 号或别名"
              allowClear
              maxLength={50}
              enterButton="搜索"
              aria-label="搜索辅料"
              onSearch={(v) => setFilter({ keyword: v.trim() })}
              className="toolbar__search"
            />
            <Select
              allowClear
              placeholder="药典标准"
              aria-label="药典标准"
              value={params.get('pharmacopoeia') ?? undefined}
              options={PHARMACOPOEIAS.map((p) => ({ value: p, label: `${p} ${pharmacopoeiaLabels[p]}` }))}
              onChange={(v) => setFilter({ pharmacopoeia: v })}
              className="toolbar__select"
            />
            <Select
              allowClear
              placeholder="样品"
              aria-label="样品"
              value={params.get('sampleAvailable') ?? undefined}
              options={[{ value: 'true', label: '可申请样品' }]}
              onChange={(v) => setFilter({ sampleAvailable: v })}
              className="toolbar__select"
            />
          </div>
          <p className="result-count" role="status">
            共找到 <strong>{page.totalCount}</strong> 种辅料
          </p>
          {page.items.length === 0 ? (
            <Empty description="没有符合条件的辅料，换个关键词或筛选条件试试。" />
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
