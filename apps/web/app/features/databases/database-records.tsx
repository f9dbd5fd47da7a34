import { PHARMACOPOEIAS, STANDARD_STATUSES } from '@fuliaotong/contracts/constants';
import type { DatabaseInfo, StandardRecord, UsageRecord } from '@fuliaotong/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Select, Skeleton, Table, Tag } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { ListPager, useFilterParams } from '../../components/list-pager';
import { RecordCards, type RecordCardItem } from '../../components/record-cards';
import { LoadError } from '../../components/load-state';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-errors';
import { paths, withQuery } from '../../paths';
import { loginHref } from '../session/login-redirect';
import { useCurrentUser } from '../session/session';
import { databaseRecordsQuery, personalDatabasesQuery } from './database-api';
import { AccessTag } from './database-card';
import { LockedNote, lockOf } from './locked-field';

const PAGE_SIZE = 20;

/** The records as cards for phones: a standard with its status, English name and pharmacopoeia; a usage row with its amount. */
function recordCards(code: string, items: Array<StandardRecord | UsageRecord>): RecordCardItem[] {
  if (code === 'standard') {
    return (items as StandardRecord[]).map((r) => ({
      key: r.id,
      href: withQuery(paths.topDatabaseDetail, { code: 'standard', id: r.id }),
      name: r.name,
      tag: <Tag color={r.status === '现行' ? 'green' : 'default'}>{r.status}</Tag>,
      code: r.nameEn,
      meta: `${r.pharmacopoeia} ${r.edition}${r.effectiveOn ? ` · ${r.effectiveOn} 实施` : ''}`,
    }));
  }
  return (items as UsageRecord[]).map((r) => {
    // The card is a link to the record: a lock is named here, its own link is on the record's page.
    const lock = lockOf(r.locked, 'maxAmount');
    return {
      key: r.id,
      href: withQuery(paths.topDatabaseDetail, { code: 'usage', id: r.id }),
      name: r.ingredient,
      lines: [`单位制剂最大用量：${lock ? lock.message : (r.maxAmount ?? '—')}`],
      meta: `${r.route} · ${r.dosageForm}`,
    };
  });
}
const filterNames = ['keyword', 'pharmacopoeia', 'status', 'route', 'dosageForm', 'page'] as const;

/**
 * The records of the standards or the usage database. Both need a signed-in user (usage data's amounts
 * need a membership), so the list is fetched in the browser with the user's token.
 */
export function DatabaseRecords({ db: anonymous }: { db: DatabaseInfo }) {
  const user = useCurrentUser();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [params, setFilter] = useFilterParams();
  // Whether this user may list the records (a members-only database is closed to other users).
  const access = useQuery({
    ...personalDatabasesQuery(),
    select: (list) => list.items.find((d) => d.code === anonymous.code) ?? anonymous,
    enabled: user !== null,
  });
  const db = user && access.data ? access.data : anonymous;
  const query: Record<string, string> = { pageSize: String(PAGE_SIZE) };
  for (const name of filterNames) {
    const value = searchParams.get(name);
    if (value) query[name] = value;
  }
  const records = useQuery({
    ...databaseRecordsQuery(db.code, query),
    enabled: user !== null && access.data?.accessible === true,
    placeholderData: (previous) => previous,
  });

  const heading = (
    <PageHeading
      title={db.name}
      description={
        <>
          {db.description} <AccessTag access={db.access} />
        </>
      }
    />
  );
  const count = `共 ${db.recordCount.toLocaleString('zh-CN')} 条记录。`;
  if (!user) {
    return (
      <div className="container page">
        {heading}
        <Alert
          type="info"
          showIcon
          title={db.access === 'member' ? '该数据库会员可见，请先登录' : '该数据库登录后可查看'}
          description={count}
          action={
            <Link to={loginHref(location.pathname + location.search)}>
              <Button type="primary">登录</Button>
            </Link>
          }
        />
      </div>
    );
  }
  if (access.isError) {
    return (
      <div className="container page">
        {heading}
        <LoadError error={access.error} title="数据库信息加载失败，请稍后刷新重试" onRetry={() => void access.refetch()} />
      </div>
    );
  }
  if (!access.data) {
    return (
      <div className="container page">
        {heading}
        <section className="panel">
          <Skeleton active />
        </section>
      </div>
    );
  }
  if (!db.accessible) {
    return (
      <div className="container page">
        {heading}
        <Alert
          type="warning"
          showIcon
          title={db.lockedMessage ?? '您的账户暂不能查看该数据库'}
          description={`${count}升级为会员后即可检索全部记录。`}
          action={
            <Link to={withQuery(paths.upgrade, { for: db.code })}>
              <Button type="primary">升级会员</Button>
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className="container page">
      {heading}
      <section className="panel filters">
        <Input.Search
          key={`k-${params.get('keyword') ?? ''}`}
          defaultValue={params.get('keyword') ?? ''}
          placeholder={db.code === 'standard' ? '品种名称或英文名' : '辅料名称'}
          allowClear
          maxLength={50}
          enterButton="查询"
          aria-label="关键词"
          onSearch={(v) => setFilter({ keyword: v.trim() })}
          className="filters__wide"
        />
        {db.code === 'standard' ? (
          <>
            <Select
              allowClear
              prefix="药典"
              placeholder="全部"
              aria-label="药典"
              value={params.get('pharmacopoeia') ?? undefined}
              options={PHARMACOPOEIAS.map((p) => ({ value: p, label: p }))}
              onChange={(v) => setFilter({ pharmacopoeia: v })}
            />
            <Select
              allowClear
              prefix="状态"
              placeholder="全部"
              aria-label="状态"
              value={params.get('status') ?? undefined}
              options={STANDARD_STATUSES.map((s) => ({ value: s, label: s }))}
              onChange={(v) => setFilter({ status: v })}
            />
          </>
        ) : (
          <>
            <Select
              allowClear
              prefix="给药途径"
              placeholder="全部"
              aria-label="给药途径"
              value={params.get('route') ?? undefined}
              options={['口服', '注射', '外用', '吸入', '眼用'].map((r) => ({ value: r, label: r }))}
              onChange={(v) => setFilter({ route: v })}
            />
            <Input.Search
              key={`d-${params.get('dosageForm') ?? ''}`}
              defaultValue={params.get('dosageForm') ?? ''}
              placeholder="剂型"
              allowClear
              maxLength={20}
              aria-label="剂型"
              onSearch={(v) => setFilter({ dosageForm: v.trim() })}
            />
          </>
        )}
      </section>
      {records.isError ? (
        records.error instanceof ApiError && records.error.code === 'forbidden' ? (
          <Alert
            type="warning"
            showIcon
            title={errorMessage(records.error, '数据加载失败')}
            action={
              <Link to={withQuery(paths.upgrade, { for: db.code })}>
                <Button>升级会员</Button>
              </Link>
            }
          />
        ) : (
          <LoadError error={records.error} title="数据加载失败" onRetry={() => void records.refetch()} />
        )
      ) : !records.data ? (
        <section className="panel">
          <Skeleton active />
        </section>
      ) : (
        <>
          <p className="result-count" role="status">
            共 <strong>{records.data.totalCount.toLocaleString('zh-CN')}</strong> 条记录
          </p>
          <section className="panel table-scroll records-table">
            {db.code === 'standard' ? (
              <Table<StandardRecord>
                rowKey="id"
                pagination={false}
                scroll={{ x: 720 }}
                dataSource={records.data.items as StandardRecord[]}
                locale={{ emptyText: '没有符合条件的记录' }}
                columns={[
                  {
                    title: '品种名称',
                    dataIndex: 'name',
                    render: (name: string, r) => (
                      <Link to={withQuery(paths.topDatabaseDetail, { code: 'standard', id: r.id })}>{name}</Link>
                    ),
                  },
                  { title: '英文名', dataIndex: 'nameEn' },
                  { title: '药典', dataIndex: 'pharmacopoeia', width: 90 },
                  { title: '版本', dataIndex: 'edition' },
                  {
                    title: '状态',
                    dataIndex: 'status',
                    width: 100,
                    render: (s: string) => <Tag color={s === '现行' ? 'green' : 'default'}>{s}</Tag>,
                  },
                  { title: '实施日期', dataIndex: 'effectiveOn', width: 120, render: (d: string | null) => d ?? '—' },
                ]}
              />
            ) : (
              <Table<UsageRecord>
                rowKey="id"
                pagination={false}
                scroll={{ x: 720 }}
                dataSource={records.data.items as UsageRecord[]}
                locale={{ emptyText: '没有符合条件的记录' }}
                columns={[
                  {
                    title: '辅料名称',
                    dataIndex: 'ingredient',
                    render: (name: string, r) => <Link to={withQuery(paths.topDatabaseDetail, { code: 'usage', id: r.id })}>{name}</Link>,
                  },
                  { title: '给药途径', dataIndex: 'route', width: 100 },
                  { title: '剂型', dataIndex: 'dosageForm' },
                  {
                    title: '单位制剂最大用量',
                    dataIndex: 'maxAmount',
                    render: (amount: string | undefined, r) => {
                      const lock = lockOf(r.locked, 'maxAmount');
                      return lock ? <LockedNote locked={lock} /> : amount;
                    },
                  },
                ]}
              />
            )}
          </section>
          {/* Phones: the same records as cards (the table above is hidden there). */}
          <RecordCards label={`${db.name}列表`} empty="没有符合条件的记录" items={recordCards(db.code, records.data.items)} />
          <ListPager total={records.data.totalCount} pageSize={PAGE_SIZE} />
        </>
      )}
    </div>
  );
}
