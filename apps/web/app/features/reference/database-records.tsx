import { PHARMACOPOEIAS, STANDARD_STATUSES, paths, withQuery } from '@fuliaotong/contracts/constants';
import type { DatabaseInfo, StandardRecord, UsageRecord } from '@fuliaotong/contracts';
import { ApiError, errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { SearchField, SelectField } from '../../components/filter-fields';
import { PageHeading } from '../../components/page-heading';
import { ListPager, useFilterParams } from '../../components/list-pager';
import { Notice } from '../../components/notice';
import { RecordCards, type RecordCardItem } from '../../components/record-cards';
import { LoadError, Skeleton } from '../../components/load-state';
import { StatusTag } from '../../components/status-tag';
import { loginHref } from '../session/login-redirect';
import { useCurrentUser } from '../session/session';
import { referenceRecordPageQuery, personalReferenceListQuery } from './reference-api';
import { AccessTag } from './database-card';
import { LockedNote, lockOf } from './locked-field';

const PAGE_SIZE = 20;

/** A standard's status: 现行 in green, the others grey. */
function StandardStatusTag({ status }: { status: string }) {
  return <StatusTag color={status === '现行' ? 'green' : 'default'}>{status}</StatusTag>;
}

/** A standard's 检验项目 in a list: the first few and how many. */
function testItemsSummary(items: string[] | undefined): string {
  if (!items?.length) return '—';
  const names = items.map((item) => item.split('：')[0]);
  return names.length > 3 ? `${names.slice(0, 3).join('、')} 等 ${names.length} 项` : names.join('、');
}

/** The records as cards for phones: a standard with its status, English name and pharmacopoeia; a usage row with its amount. */
function recordCards(code: string, items: Array<StandardRecord | UsageRecord>): RecordCardItem[] {
  if (code === 'standard') {
    return (items as StandardRecord[]).map((r) => {
      const lock = lockOf(r.locked, 'testItems');
      return {
        key: r.id,
        href: withQuery(paths.topDatabaseDetail, { code: 'standard', id: r.id }),
        name: r.name,
        tag: <StandardStatusTag status={r.status} />,
        code: r.nameEn,
        lines: [`检验项目：${lock ? lock.message : testItemsSummary(r.testItems)}`],
        meta: `${r.pharmacopoeia} ${r.edition}${r.effectiveOn ? ` · ${r.effectiveOn} 实施` : ''}`,
      };
    });
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
    ...personalReferenceListQuery(),
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
    ...referenceRecordPageQuery(db.code, query),
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
        <Notice
          type="info"
          title={db.access === 'member' ? '该数据库会员可见，请先登录' : '该数据库登录后可查看'}
          description={count}
          action={
            <Link to={loginHref(location.pathname + location.search)} className="button button--primary">
              登录
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
          <Skeleton />
        </section>
      </div>
    );
  }
  if (!db.accessible) {
    return (
      <div className="container page">
        {heading}
        <Notice
          type="warning"
          title={db.lockedMessage ?? '您的账号暂不能查看该数据库'}
          description={`${count}升级为会员后即可检索全部记录。`}
          action={
            <Link to={withQuery(paths.upgrade, { for: db.code })} className="button button--primary">
              升级会员
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className="container page">
      {heading}
      <section className="panel filters" aria-label="筛选条件">
        <SearchField
          value={params.get('keyword') ?? ''}
          placeholder={db.code === 'standard' ? '品种名称或英文名' : '辅料名称'}
          button="查询"
          label="关键词"
          onSearch={(v) => setFilter({ keyword: v })}
          className="filters__wide"
        />
        {db.code === 'standard' ? (
          <>
            <SelectField
              label="药典"
              value={params.get('pharmacopoeia')}
              options={PHARMACOPOEIAS.map((p) => ({ value: p, label: p }))}
              onChange={(v) => setFilter({ pharmacopoeia: v })}
            />
            <SelectField
              label="状态"
              value={params.get('status')}
              options={STANDARD_STATUSES.map((s) => ({ value: s, label: s }))}
              onChange={(v) => setFilter({ status: v })}
            />
          </>
        ) : (
          <>
            <SelectField
              label="给药途径"
              value={params.get('route')}
              options={['口服', '注射', '外用', '吸入', '眼用'].map((r) => ({ value: r, label: r }))}
              onChange={(v) => setFilter({ route: v })}
            />
            <SearchField
              value={params.get('dosageForm') ?? ''}
              placeholder="剂型"
              maxLength={20}
              label="剂型"
              onSearch={(v) => setFilter({ dosageForm: v })}
            />
          </>
        )}
      </section>
      {records.isError ? (
        records.error instanceof ApiError && records.error.code === 'forbidden' ? (
          <Notice
            type="warning"
            title={errorMessage(records.error, '数据加载失败')}
            action={
              <Link to={withQuery(paths.upgrade, { for: db.code })} className="button">
                升级会员
              </Link>
            }
          />
        ) : (
          <LoadError error={records.error} title="数据加载失败" onRetry={() => void records.refetch()} />
        )
      ) : !records.data ? (
        <section className="panel">
          <Skeleton />
        </section>
      ) : (
        <>
          <p className="result-count" role="status">
            共 <strong>{records.data.totalCount.toLocaleString('zh-CN')}</strong> 条记录
          </p>
          <section className="panel table-scroll records-table">
            {db.code === 'standard' ? (
              <DataTable<StandardRecord>
                label={`${db.name}列表`}
                rowKey={(r) => r.id}
                minWidth={860}
                rows={records.data.items as StandardRecord[]}
                empty="没有符合条件的记录"
                columns={[
                  {
                    key: 'name',
                    title: '品种名称',
                    render: (r) => <Link to={withQuery(paths.topDatabaseDetail, { code: 'standard', id: r.id })}>{r.name}</Link>,
                  },
                  { key: 'nameEn', title: '英文名' },
                  { key: 'pharmacopoeia', title: '药典', width: 90 },
                  { key: 'edition', title: '版本' },
                  { key: 'status', title: '状态', width: 100, render: (r) => <StandardStatusTag status={r.status} /> },
                  { key: 'effectiveOn', title: '实施日期', width: 120, render: (r) => r.effectiveOn ?? '—' },
                  {
                    key: 'testItems',
                    title: '检验项目',
                    render: (r) => {
                      const lock = lockOf(r.locked, 'testItems');
                      return lock ? <LockedNote locked={lock} /> : testItemsSummary(r.testItems);
                    },
                  },
                ]}
              />
            ) : (
              <DataTable<UsageRecord>
                label={`${db.name}列表`}
                rowKey={(r) => r.id}
                minWidth={720}
                rows={records.data.items as UsageRecord[]}
                empty="没有符合条件的记录"
                columns={[
                  {
                    key: 'ingredient',
                    title: '辅料名称',
                    render: (r) => <Link to={withQuery(paths.topDatabaseDetail, { code: 'usage', id: r.id })}>{r.ingredient}</Link>,
                  },
                  { key: 'route', title: '给药途径', width: 100 },
                  { key: 'dosageForm', title: '剂型' },
                  {
                    key: 'maxAmount',
                    title: '单位制剂最大用量',
                    render: (r) => {
                      const lock = lockOf(r.locked, 'maxAmount');
                      return lock ? <LockedNote locked={lock} /> : r.maxAmount;
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
