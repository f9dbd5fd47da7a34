import { reviewStatusLabels } from '@fuliaotong/contracts/constants';
import type { RegistrationDetail, StandardRecord, UsageRecord } from '@fuliaotong/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Descriptions, Skeleton } from 'antd';
import { data, Link, useLocation } from 'react-router';
import type { Route } from './+types/database-record';
import { LoadError } from '../components/load-state';
import { RouteLoadError } from '../components/error-view';
import { databaseRecordQuery } from '../features/databases/database-api';
import { LockedNote, lockOf } from '../features/databases/locked-field';
import { FavoriteButton } from '../features/favorites/favorite-button';
import { registrationQuery } from '../features/registrations/registration-api';
import { ReviewStatusTag } from '../features/registrations/review-status-tag';
import { RegistrationWatchButtons } from '../features/registrations/watch-buttons';
import { usePublicQuery } from '../features/session/use-public-query';
import { idFrom, loadQueries } from '../lib/route-data';
import { loginHref } from '../features/session/login-redirect';
import { useCurrentUser } from '../features/session/session';
import { ApiError } from '../lib/api-client';
import { errorMessage } from '../lib/api-errors';
import { paths, withQuery } from '../paths';
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
        className="page-breadcrumb"
        items={[
          { title: <Link to={paths.database}>数据库</Link> },
          { title: <Link to={paths.registrations}>原辅包登记信息</Link> },
          { title: record.regNo },
        ]}
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
        <Descriptions
          bordered
          column={{ xs: 1, md: 2 }}
          size="middle"
          items={[
            { key: 'regNo', label: '登记号', children: record.regNo },
            { key: 'name', label: '品种名称', children: record.name },
            { key: 'company', label: '企业名称', children: record.company },
            { key: 'address', label: '企业地址', children: <Gated record={record} field="companyAddress" /> },
            { key: 'province', label: '省份', children: record.province },
            { key: 'source', label: '产品来源', children: record.source },
            { key: 'spec', label: '规格', children: <Gated record={record} field="spec" /> },
            { key: 'packageSpec', label: '包装规格', children: <Gated record={record} field="packageSpec" /> },
            { key: 'type', label: '类型', children: record.type },
            {
              key: 'status',
              label: '与制剂共同审评审批结果',
              children: (
                <>
                  <ReviewStatusTag status={record.reviewStatus} /> {reviewStatusLabels[record.reviewStatus]}
                </>
              ),
            },
            { key: 'updated', label: '更新日期', children: record.updatedOn },
            { key: 'remark', label: '备注', children: <Gated record={record} field="remark" /> },
          ]}
        />
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
  const record = useQuery({ ...databaseRecordQuery(code, id), enabled: user !== null });
  const title = code === 'standard' ? '药典标准' : '辅料用量';
  let body;
  if (!user) {
    body = (
      <Alert
        type="info"
        showIcon
        title="该数据库登录后可查看"
        action={
          <Link to={loginHref(location.pathname + location.search)}>
            <Button type="primary">登录</Button>
          </Link>
        }
      />
    );
  } else if (record.isError) {
    const forbidden = record.error instanceof ApiError && record.error.code === 'forbidden';
    body = forbidden ? (
      <Alert
        type="warning"
        showIcon
        title={errorMessage(record.error, '记录加载失败')}
        action={
          <Link to={paths.upgrade}>
            <Button type="primary">升级会员</Button>
          </Link>
        }
      />
    ) : (
      <LoadError type="warning" error={record.error} title="记录加载失败" onRetry={() => void record.refetch()} />
    );
  } else if (!record.data) {
    body = <Skeleton active />;
  } else if (code === 'standard') {
    const r = record.data as StandardRecord;
    body = (
      <Descriptions
        bordered
        column={1}
        items={[
          { key: 'name', label: '品种名称', children: r.name },
          { key: 'en', label: '英文名', children: r.nameEn || '—' },
          { key: 'ph', label: '药典', children: r.pharmacopoeia },
          { key: 'ed', label: '版本', children: r.edition },
          { key: 'st', label: '状态', children: r.status },
          { key: 'eff', label: '实施日期', children: r.effectiveOn ?? '—' },
        ]}
      />
    );
  } else {
    const r = record.data as UsageRecord;
    const lock = lockOf(r.locked, 'maxAmount');
    body = (
      <Descriptions
        bordered
        column={1}
        items={[
          { key: 'ing', label: '辅料名称', children: r.ingredient },
          { key: 'route', label: '给药途径', children: r.route },
          { key: 'form', label: '剂型', children: r.dosageForm },
          { key: 'max', label: '单位制剂最大用量', children: lock ? <LockedNote locked={lock} /> : r.maxAmount },
        ]}
      />
    );
  }
  return (
    <div className="container page">
      <Breadcrumb
        className="page-breadcrumb"
        items={[
          { title: <Link to={paths.database}>数据库</Link> },
          { title: <Link to={withQuery(paths.topDatabase, { code })}>{title}</Link> },
          { title: '记录详情' },
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
