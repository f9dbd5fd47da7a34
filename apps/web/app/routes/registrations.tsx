import { REGISTRATION_TYPES, type RegistrationSummary } from '@fuliaotong/contracts';
import { DatePicker, Input, Select, Table } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { Route } from './+types/registrations';
import { PageHeading } from '../components/page-heading';
import { ReviewStatusTag } from '../features/public/cards';
import { ListPager, useFilterParams } from '../features/public/list-pager';
import { loadOrThrow, publicApi, queryFrom } from '../features/public/public-api';
import { paths, withQuery } from '../paths';
import { pageInfo, pageMeta } from '../site/pages';

const PAGE_SIZE = 20;
/** The API counts matches up to this many. */
const COUNT_CAP = 10_000;
const filters = ['keyword', 'type', 'status', 'province', 'company', 'updatedFrom', 'updatedTo', 'sort', 'page'] as const;

const PROVINCES = [
  '北京', '天津', '河北', '山西', '内蒙古', '辽宁', '吉林', '黑龙江', '上海', '江苏', '浙江', '安徽', '福建', '江西',
  '山东', '河南', '湖北', '湖南', '广东', '广西', '海南', '重庆', '四川', '贵州', '云南', '西藏', '陕西', '甘肃',
  '青海', '宁夏', '新疆',
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
  return loadOrThrow(context, (client) => publicApi.registrations(client, query));
}

export default function Registrations({ loaderData: page }: Route.ComponentProps) {
  const [params, setFilter] = useFilterParams();
  const info = pageInfo(paths.registrations);
  const from = params.get('updatedFrom');
  const to = params.get('updatedTo');
  return (
    <div className="container page">
      <PageHeading
        title={info.title}
        description="CDE 原料药、药用辅料与药包材登记信息。A：已批准在上市制剂使用；I：尚未通过与制剂共同审评审批。"
      />
      <section className="panel filters">
        <Input.Search
          key={`k-${params.get('keyword') ?? ''}`}
          defaultValue={params.get('keyword') ?? ''}
          placeholder="登记号、品种名称或企业名称"
          allowClear
          maxLength={50}
          enterButton="查询"
          aria-label="关键词"
          onSearch={(v) => setFilter({ keyword: v.trim() })}
          className="filters__wide"
        />
        <Select
          allowClear
          placeholder="类型"
          aria-label="类型"
          value={params.get('type') ?? undefined}
          options={REGISTRATION_TYPES.map((t) => ({ value: t, label: t }))}
          onChange={(v) => setFilter({ type: v })}
        />
        <Select
          allowClear
          placeholder="审评结果"
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
          placeholder="省份"
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
          value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
          allowEmpty={[true, true]}
          onChange={(range) =>
            setFilter({ updatedFrom: range?.[0]?.format('YYYY-MM-DD'), updatedTo: range?.[1]?.format('YYYY-MM-DD') })
          }
        />
        <Select
          aria-label="排序"
          value={params.get('sort') ?? 'updated_desc'}
          options={sortOptions}
          onChange={(v) => setFilter({ sort: v === 'updated_desc' ? undefined : v })}
        />
      </section>
      <p className="result-count" role="status">
        共 <strong>{page.totalCount >= COUNT_CAP ? `${COUNT_CAP.toLocaleString('zh-CN')}+` : page.totalCount.toLocaleString('zh-CN')}</strong> 条登记信息
      </p>
      <section className="panel table-scroll">
        <Table<RegistrationSummary>
          rowKey="id"
          size="middle"
          pagination={false}
                scroll={{ x: 860 }}
          dataSource={page.items}
          locale={{ emptyText: '没有符合条件的登记信息' }}
          columns={[
            {
              title: '登记号',
              dataIndex: 'regNo',
              render: (regNo: string, r) => <Link to={withQuery(paths.topDatabaseDetail, { code: 'registration', id: r.id })}>{regNo}</Link>,
            },
            { title: '品种名称', dataIndex: 'name' },
            { title: '企业名称', dataIndex: 'company' },
            { title: '省份', dataIndex: 'province', width: 90 },
            { title: '类型', dataIndex: 'type', width: 90 },
            { title: '审评结果', dataIndex: 'reviewStatus', width: 90, render: (s: RegistrationSummary['reviewStatus']) => <ReviewStatusTag status={s} /> },
            { title: '更新日期', dataIndex: 'updatedOn', width: 120 },
          ]}
        />
      </section>
      <ListPager total={page.totalCount} pageSize={PAGE_SIZE} cap={COUNT_CAP} />
    </div>
  );
}
