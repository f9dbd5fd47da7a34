import { reviewStatusLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import type { RegistrationDetail, StandardRecord, UsageRecord } from '@fuliaotong/contracts';
import { ApiError, errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { data, Link, useLocation } from 'react-router';
import type { Route } from './+types/database-record';
import { Breadcrumb } from '../components/breadcrumb';
import { LoadError, Skeleton } from '../components/load-state';
import { Notice } from '../components/notice';
import { RouteLoadError } from '../components/error-view';
import { referenceRecordQuery } from '../features/reference/reference-api';
import { LockedNote, lockOf } from '../features/reference/locked-field';
import { FavoriteButton } from '../features/favorite/favorite-button';
import { registrationQuery } from '../features/registration/registration-api';
import { ReviewStatusTag } from '../features/registration/review-status-tag';
import { RegistrationWatchButtons } from '../features/registration-watch/watch-buttons';
import { usePublicQuery } from '../features/session/use-public-query';
import { idFrom, loadQueries } from '../lib/route-data';
import { loginHref } from '../features/session/login-redirect';
import { useCurrentUser } from '../features/session/session';
import { errorMeta } from '../site/pages';

type LoaderData = { code: 'registration'; record: RegistrationDetail } | { code: 'standard' | 'usage'; id: number };

export async function loader({ request, context }: Route.LoaderArgs): Promise<LoaderData> {
  const url = new URL(request.url);
  const id = idFrom(url, paths.database);
  const code = url.searchParams.get('code') ?? 'registration';
  if (code === 'registration') return { code, record: await loadQueries(context, (ensure, c) => ensure(registrationQuery(id, c))) };
  if (code === 'standard' || code === 'usage') return { code, id };
  throw data({ message: `数据库不存在：${code}` }, { status: 404 });
}

export function meta({ data: d, error }: Route.MetaArgs) {
  if (error) return errorMeta(error);
  if (d?.code === 'registration') {
    return [
      { title: `${d.record.name}（${d.record.regNo}）- 原辅包登记信息 - 辅料通` },
      {
        name: 'description',
        content: `${d.record.company} ${d.record.name} 登记号 ${d.record.regNo}，与制剂共同审评审批结果 ${d.record.reviewStatus}。`,
      },
    ];
  }
  return [{ title: '数据库记录详情 - 辅料通' }, { name: 'description', content: '辅料通数据库记录详情。' }];
}

function Gated({ record, field }: { record: RegistrationDetail; field: 'companyAddress' | 'spec' | 'packageSpec' | 'remark' }) {
  const lock = lockOf(record.locked, field);
  if (lock) return <LockedNote locked={lock} />;
  return <>{record[field] || '—'}</>;
}

function RegistrationRecord({ anonymous }: { anonymous: RegistrationDetail }) {
  const record = usePublicQuery(registrationQuery(anonymous.id), anonymous);
  return (
    <div className="container page">
      <Breadcrumb
        items={[{ label: '数据库', to: paths.database }, { label: '原辅包登记信息', to: paths.registrations }, { label: record.regNo }]}
      />
      <section className="panel product__head">
        <div className="product__title">
          <h1>{record.name}</h1>
          <p className="product__en">
            登记号 {record.regNo} · {record.type}
          </p>
        </div>
        <div className="product__actions">
          <RegistrationWatchButtons record={record} />
          <FavoriteButton targetType="registration" targetId={record.id} favoriteId={record.favoriteId} />
        </div>
      </section>
      <section className="panel">
        <dl className="facts-table facts-table--pairs">
          <dt>登记号</dt>
          <dd>{record.regNo}</dd>
          <dt>品种名称</dt>
          <dd>{record.name}</dd>
          <dt>企业名称</dt>
          <dd>{record.company}</dd>
          <dt>企业地址</dt>
          <dd>
            <Gated record={record} field="companyAddress" />
          </dd>
          <dt>省份</dt>
          <dd>{record.province}</dd>
          <dt>产品来源</dt>
          <dd>{record.source}</dd>
          <dt>规格</dt>
          <dd>
            <Gated record={record} field="spec" />
          </dd>
          <dt>包装规格</dt>
          <dd>
            <Gated record={record} field="packageSpec" />
          </dd>
          <dt>类型</dt>
          <dd>{record.type}</dd>
          <dt>与制剂共同审评审批结果</dt>
          <dd>
            <ReviewStatusTag status={record.reviewStatus} /> {reviewStatusLabels[record.reviewStatus]}
          </dd>
          <dt>更新日期</dt>
          <dd>{record.updatedOn}</dd>
          <dt>备注</dt>
          <dd>
            <Gated record={record} field="remark" />
          </dd>
        </dl>
        {record.excipientId ? (
          <p className="small" style={{ marginTop: 12 }}>
            本品种在辅料通有售：<Link to={withQuery(paths.excipientDetail, { id: record.excipientId })}>查看产品与样品</Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}

function ReferenceRecord({ code, id }: { code: 'standard' | 'usage'; id: number }) {
  const user = useCurrentUser();
  const location = useLocation();
  const record = useQuery({ ...referenceRecordQuery(code, id), enabled: user !== null });
  const title = code === 'standard' ? '药典标准' : '辅料用量';
  let body;
  if (!user) {
    body = (
      <Notice
        type="info"
        title="该数据库登录后可查看"
        action={
          <Link to={loginHref(location.pathname + location.search)} className="button button--primary">
            登录
          </Link>
        }
      />
    );
  } else if (record.isError) {
    const forbidden = record.error instanceof ApiError && record.error.code === 'forbidden';
    body = forbidden ? (
      <Notice
        type="warning"
        title={errorMessage(record.error, '记录加载失败')}
        action={
          <Link to={paths.upgrade} className="button button--primary">
            升级会员
          </Link>
        }
      />
    ) : (
      <LoadError type="warning" error={record.error} title="记录加载失败" onRetry={() => void record.refetch()} />
    );
  } else if (!record.data) {
    body = <Skeleton />;
  } else if (code === 'standard') {
    const r = record.data as StandardRecord;
    const lock = lockOf(r.locked, 'testItems') ?? lockOf(r.locked, 'revisionNote');
    body = (
      <dl className="facts-table">
        <dt>品种名称</dt>
        <dd>{r.name}</dd>
        <dt>英文名</dt>
        <dd>{r.nameEn || '—'}</dd>
        <dt>药典</dt>
        <dd>{r.pharmacopoeia}</dd>
        <dt>版本</dt>
        <dd>{r.edition}</dd>
        <dt>状态</dt>
        <dd>{r.status}</dd>
        <dt>实施日期</dt>
        <dd>{r.effectiveOn ?? '—'}</dd>
        <dt>检验项目</dt>
        <dd>
          {lock ? (
            <LockedNote locked={lock} />
          ) : r.testItems?.length ? (
            <ul className="test-items">
              {r.testItems.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          ) : (
            '—'
          )}
        </dd>
        <dt>修订说明</dt>
        <dd>{lock ? <LockedNote locked={lock} /> : r.revisionNote || '—'}</dd>
      </dl>
    );
  } else {
    const r = record.data as UsageRecord;
    const lock = lockOf(r.locked, 'maxAmount');
    body = (
      <dl className="facts-table">
        <dt>辅料名称</dt>
        <dd>{r.ingredient}</dd>
        <dt>给药途径</dt>
        <dd>{r.route}</dd>
        <dt>剂型</dt>
        <dd>{r.dosageForm}</dd>
        <dt>单位制剂最大用量</dt>
        <dd>{lock ? <LockedNote locked={lock} /> : r.maxAmount}</dd>
      </dl>
    );
  }
  return (
    <div className="container page">
      <Breadcrumb
        items={[
          { label: '数据库', to: paths.database },
          { label: title, to: withQuery(paths.topDatabase, { code }) },
          { label: '记录详情' },
        ]}
      />
      <section className="panel">
        <h1 className="panel__title">{title}记录</h1>
        {body}
      </section>
    </div>
  );
}

export default function DatabaseRecordPage({ loaderData }: Route.ComponentProps) {
  return loaderData.code === 'registration' ? (
    <RegistrationRecord anonymous={loaderData.record} />
  ) : (
    <ReferenceRecord code={loaderData.code} id={loaderData.id} />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteLoadError error={error} back={{ to: paths.database, label: '全部数据库' }} />;
}
