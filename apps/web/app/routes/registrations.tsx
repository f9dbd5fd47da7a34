import { REGISTRATION_COUNT_CAP, REGISTRATION_TYPES } from '@fuliaotong/contracts/constants';
import type { RegistrationSummary } from '@fuliaotong/contracts';
import { DatePicker, Input, Select, Table } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { Route } from './+types/registrations';
import { PageHeading } from '../components/page-heading';
import { ListPager, useFilterParams } from '../components/list-pager';
import { RecordCards } from '../components/record-cards';
import { registrationPageQuery } from '../features/registrations/registration-api';
import { ReviewStatusTag } from '../features/registrations/review-status-tag';
import { usePublicQuery } from '../features/session/use-public-query';
import { loadQueries, queryFrom } from '../lib/route-data';
import { paths, withQuery } from '../paths';
import { pageInfo, pageMeta } from '../site/pages';
import { RouteLoadError } from '../components/error-view';
import '../features/registrations/registrations.css';

const PAGE_SIZE = 20;
/** The API counts matches up to this many (a total equal to it means "at least"). */
const COUNT_CAP = REGISTRATION_COUNT_CAP;
const filters = ['keyword', 'type', 'status', 'province', 'company', 'updatedFrom', 'updatedTo', 'sort', 'page'] as const;

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

const sortable: Record<string, { asc: string; desc: string }> = {
  regNo: { asc: 'regno_asc', desc: 'regno_desc' },
  updatedOn: { asc: 'updated_asc', desc: 'updated_desc' },
};

/** The order a column header shows for the sort in the URL. */
function columnOrder(sort: string, column: keyof typeof sortable): 'ascend' | 'descend' | null {
  if (sort === sortable[column]!.asc) return 'ascend';
  if (sort === sortable[column]!.desc) return 'descend';
  return null;
}

const filterKeys = ['keyword', 'type', 'status', 'province', 'company', 'updatedFrom', 'updatedTo'] as const;

export default function Registrations({ loaderData }: Route.ComponentProps) {
  const page = usePublicQuery(registrationPageQuery(loaderData.query), loaderData.page, { personal: false });
  const [params, setFilter] = useFilterParams();
  const info = pageInfo(paths.registrations);
  const from = params.get('updatedFrom');
  const to = params.get('updatedTo');
  const sort = params.get('sort') ?? 'updated_desc';
  const filtered = filterKeys.some((key) => params.get(key));
  const capped = page.totalCount >= COUNT_CAP;
  const cap = COUNT_CAP.toLocaleString('zh-CN');
  const detailHref = (r: RegistrationSummary) => withQuery(paths.topDatabaseDetail, { code: 'registration', id: r.id });
  return (
    <div className="container page">
      <PageHeading
        title={info.title}
        description="CDE 原料药、药用辅料与药包材登记信息。A：已批准在上市制剂使用；I：尚未通过与制剂共同审评审批。"
      />
      <section className="panel filter-grid" aria-label="筛选条件">
        <Input.Search
          key={`k-${params.get('keyword') ?? ''}`}
          defaultValue={params.get('keyword') ?? ''}
          placeholder="登记号、品种名称或企业名称"
          allowClear
          maxLength={50}
          enterButton="查询"
          aria-label="关键词"
          onSearch={(v) => setFilter({ keyword: v.trim() })}
          className="filter-grid__wide"
        />
        <Select
          allowClear
          prefix="类型"
          placeholder="全部"
          aria-label="类型"
          value={params.get('type') ?? undefined}
          options={REGISTRATION_TYPES.map((t) => ({ value: t, label: t }))}
          onChange={(v) => setFilter({ type: v })}
        />
        <Select
          allowClear
          prefix="审评结果"
          placeholder="全部"
          aria-label="审评结果"
          value={params.get('status') ?? undefined}
          options={[
            { value: 'A', label: 'A 已批准' },
            { value: 'I', label: 'I 未通过' },
          ]}
          onChange={(v) => setFilter({ status: v })}
        />
        <Select
          allowClear
          showSearch
          prefix="省份"
          placeholder="全部"
          aria-label="省份"
          value={params.get('province') ?? undefined}
          options={[...PROVINCES, '进口'].map((p) => ({ value: p, label: p }))}
          onChange={(v) => setFilter({ province: v })}
        />
        <Input.Search
          key={`c-${params.get('company') ?? ''}`}
          defaultValue={params.get('company') ?? ''}
          placeholder="企业名称"
          allowClear
          maxLength={50}
          aria-label="企业名称"
          onSearch={(v) => setFilter({ company: v.trim() })}
        />
        <DatePicker.RangePicker
          aria-label="更新日期"
          prefix="更新日期"
          placeholder={['开始', '结束']}
          value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
          allowEmpty={[true, true]}
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          onChange={(range) => setFilter({ updatedFrom: range?.[0]?.format('YYYY-MM-DD'), updatedTo: range?.[1]?.format('YYYY-MM-DD') })}
          className="filter-grid__wide"
        />
      </section>
      <div className="result-bar">
        <p className="result-count" role="status">
          共 <strong>{capped ? `${cap}+` : page.totalCount.toLocaleString('zh-CN')}</strong> 条登记信息
          {capped ? `，列出前 ${cap} 条，可用关键词或筛选条件缩小范围` : null}
          {filtered ? (
            <Link to={paths.registrations} className="result-bar__clear">
              清除筛选
            </Link>
          ) : null}
        </p>
        <Select
          aria-label="排序"
          prefix="排序"
          value={sort}
          options={sortOptions.map((o) => ({ ...o, disabled: o.value === 'relevance' && !params.get('keyword') }))}
          onChange={(v) => setFilter({ sort: v === 'updated_desc' ? undefined : v })}
          className="result-bar__sort"
        />
      </div>
      <section className="panel table-scroll records-table">
        <Table<RegistrationSummary>
          rowKey="id"
          size="middle"
          pagination={false}
          scroll={{ x: 860 }}
          dataSource={page.items}
          locale={{ emptyText: '没有符合条件的登记信息' }}
          onChange={(_pagination, _filters, sorter) => {
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            const column = typeof s?.field === 'string' ? sortable[s.field] : undefined;
            if (!column || !s?.order) setFilter({ sort: undefined });
            else setFilter({ sort: s.order === 'ascend' ? column.asc : column.desc === 'updated_desc' ? undefined : column.desc });
          }}
          columns={[
            {
              title: '登记号',
              dataIndex: 'regNo',
              width: 150,
              sorter: true,
              sortOrder: columnOrder(sort, 'regNo'),
              sortDirections: ['ascend', 'descend'],
              render: (regNo: string, r) => <Link to={detailHref(r)}>{regNo}</Link>,
            },
            { title: '品种名称', dataIndex: 'name' },
            { title: '企业名称', dataIndex: 'company' },
            { title: '省份', dataIndex: 'province', width: 90 },
            { title: '类型', dataIndex: 'type', width: 80 },
            {
              title: '审评结果',
              dataIndex: 'reviewStatus',
              width: 90,
              render: (s: RegistrationSummary['reviewStatus']) => <ReviewStatusTag status={s} />,
            },
            {
              title: '更新日期',
              dataIndex: 'updatedOn',
              width: 130,
              sorter: true,
              sortOrder: columnOrder(sort, 'updatedOn'),
              sortDirections: ['descend', 'ascend'],
            },
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
      <ListPager total={page.totalCount} pageSize={PAGE_SIZE} cap={COUNT_CAP} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteLoadError error={error} back={{ to: paths.registrations, label: '清除筛选条件' }} />;
}
