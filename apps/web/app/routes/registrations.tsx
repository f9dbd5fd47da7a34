import { REGISTRATION_COUNT_CAP, REGISTRATION_TYPES, REVIEW_STATUSES, reviewStatusLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import type { RegistrationSummary } from '@fuliaotong/contracts';
import { Link } from 'react-router';
import type { Route } from './+types/registrations';
import { DataTable } from '../components/data-table';
import { DateRangeField, SearchField, SelectField } from '../components/filter-fields';
import { PageHeading } from '../components/page-heading';
import { ListPager, useFilterParams } from '../components/list-pager';
import { RecordCards } from '../components/record-cards';
import { registrationPageQuery } from '../features/registration/registration-api';
import { ReviewStatusTag } from '../features/registration/review-status-tag';
import { usePublicQuery } from '../features/session/use-public-query';
import { loadQueries, queryFrom } from '../lib/route-data';
import { pageInfo, pageMeta } from '../site/pages';
import { RouteLoadError } from '../components/error-view';
import '../features/registration/registration.css';

const PAGE_SIZE = 20;
/** The API counts matches up to this many (a total equal to it means "at least"). */
const COUNT_CAP = REGISTRATION_COUNT_CAP;
const filters = ['keyword', 'type', 'status', 'province', 'company', 'updatedFrom', 'updatedTo', 'sort', 'page', 'after'] as const;

const PROVINCES = [
  '北京',
  '天津',
  '河北',
  '山西',
  '内蒙古',
  '辽宁',
  '吉林',
  '黑龙江',
  '上海',
  '江苏',
  '浙江',
  '安徽',
  '福建',
  '江西',
  '山东',
  '河南',
  '湖北',
  '湖南',
  '广东',
  '广西',
  '海南',
  '重庆',
  '四川',
  '贵州',
  '云南',
  '西藏',
  '陕西',
  '甘肃',
  '青海',
  '宁夏',
  '新疆',
];

const sortOptions = [
  { value: 'updated_desc', label: '更新日期（新→旧）' },
  { value: 'updated_asc', label: '更新日期（旧→新）' },
  { value: 'regno_asc', label: '登记号（升序）' },
  { value: 'regno_desc', label: '登记号（降序）' },
  { value: 'relevance', label: '相关度（需输入关键词）' },
];

export function meta() {
  return pageMeta(paths.registrations);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = { ...queryFrom(new URL(request.url), filters), pageSize: String(PAGE_SIZE) };
  return { query, page: await loadQueries(context, (ensure, c) => ensure(registrationPageQuery(query, c))) };
}

const filterKeys = ['keyword', 'type', 'status', 'province', 'company', 'updatedFrom', 'updatedTo'] as const;

export default function Registrations({ loaderData }: Route.ComponentProps) {
  const page = usePublicQuery(registrationPageQuery(loaderData.query), loaderData.page, { personal: false });
  const [params, setFilter] = useFilterParams();
  const info = pageInfo(paths.registrations);
  const sort = params.get('sort') ?? 'updated_desc';
  const filtered = filterKeys.some((key) => params.get(key));
  // Totals are exact up to REGISTRATION_EXACT_COUNT and estimates above ("约"); pages by number reach
  // the first COUNT_CAP records, 下一页 goes on from there by the list's cursor.
  const about = !page.totalExact;
  const cap = COUNT_CAP.toLocaleString('zh-CN');
  const beyond = page.totalCount > COUNT_CAP;
  const detailHref = (r: RegistrationSummary) => withQuery(paths.topDatabaseDetail, { code: 'registration', id: r.id });
  return (
    <div className="container page">
      <PageHeading
        title={info.title}
        description="CDE 原料药、药用辅料与药包材登记信息。A：已批准在上市制剂使用；I：尚未通过与制剂共同审评审批。"
      />
      <section className="panel filter-grid" aria-label="筛选条件">
        <SearchField
          value={params.get('keyword') ?? ''}
          placeholder="登记号、品种名称或企业名称"
          button="查询"
          label="关键词"
          onSearch={(v) => setFilter({ keyword: v })}
          className="filter-grid__wide"
        />
        <SelectField
          label="类型"
          value={params.get('type')}
          options={REGISTRATION_TYPES.map((t) => ({ value: t, label: t }))}
          onChange={(v) => setFilter({ type: v })}
        />
        <SelectField
          label="审评结果"
          value={params.get('status')}
          options={REVIEW_STATUSES.map((status) => ({ value: status, label: reviewStatusLabels[status] }))}
          onChange={(v) => setFilter({ status: v })}
        />
        <SelectField
          label="省份"
          value={params.get('province')}
          options={[...PROVINCES, '进口'].map((p) => ({ value: p, label: p }))}
          onChange={(v) => setFilter({ province: v })}
        />
        <SearchField
          value={params.get('company') ?? ''}
          placeholder="企业名称"
          label="企业名称"
          onSearch={(v) => setFilter({ company: v })}
        />
        <DateRangeField
          label="更新日期"
          from={params.get('updatedFrom')}
          to={params.get('updatedTo')}
          onChange={(updatedFrom, updatedTo) => setFilter({ updatedFrom, updatedTo })}
          className="filter-grid__wide"
        />
      </section>
      <div className="result-bar">
        <p className="result-count" role="status">
          共{about ? '约' : ''} <strong>{page.totalCount.toLocaleString('zh-CN')}</strong> 条登记信息
          {beyond ? `，页码可到前 ${cap} 条，“下一页”可一直往后翻${filtered ? '' : '；可用关键词或筛选条件缩小范围'}` : null}
          {filtered ? (
            <Link to={paths.registrations} className="result-bar__clear">
              清除筛选
            </Link>
          ) : null}
        </p>
        <SelectField
          label="排序"
          emptyLabel={null}
          value={sort}
          options={sortOptions.map((o) => ({ ...o, disabled: o.value === 'relevance' && !params.get('keyword') }))}
          onChange={(v) => setFilter({ sort: v === 'updated_desc' ? undefined : v })}
          className="result-bar__sort"
        />
      </div>
      <section className="panel table-scroll records-table">
        <DataTable<RegistrationSummary>
          label="登记信息列表"
          rowKey={(r) => r.id}
          minWidth={860}
          rows={page.items}
          empty="没有符合条件的登记信息"
          sort={sort}
          onSort={(next) => setFilter({ sort: next === 'updated_desc' ? undefined : next })}
          columns={[
            {
              key: 'regNo',
              title: '登记号',
              width: 150,
              sort: { asc: 'regno_asc', desc: 'regno_desc', first: 'asc' },
              render: (r) => <Link to={detailHref(r)}>{r.regNo}</Link>,
            },
            { key: 'name', title: '品种名称' },
            { key: 'company', title: '企业名称' },
            { key: 'province', title: '省份', width: 90 },
            { key: 'type', title: '类型', width: 80 },
            { key: 'reviewStatus', title: '审评结果', width: 90, render: (r) => <ReviewStatusTag status={r.reviewStatus} /> },
            { key: 'updatedOn', title: '更新日期', width: 130, sort: { asc: 'updated_asc', desc: 'updated_desc', first: 'desc' } },
          ]}
        />
      </section>
      {/* Phones: the same records as cards (the table above is hidden there). */}
      <RecordCards
        label="登记信息列表"
        empty="没有符合条件的登记信息"
        items={page.items.map((r) => ({
          key: r.id,
          href: detailHref(r),
          name: r.name,
          tag: <ReviewStatusTag status={r.reviewStatus} />,
          code: r.regNo,
          lines: [r.company],
          meta: `${r.type} · ${r.province} · 更新于 ${r.updatedOn}`,
        }))}
      />
      <ListPager total={page.totalCount} pageSize={PAGE_SIZE} cap={COUNT_CAP} atLeast={false} about={about} nextCursor={page.nextCursor} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteLoadError error={error} back={{ to: paths.registrations, label: '清除筛选条件' }} />;
}
