import { ArrowLeftOutlined, FileTextOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useConfirm } from '../../components/confirm';
import { Link, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '@fuliaotong/client';
import type { Route } from './+types/apply-order';
import { myApplicationQuery, useWithdrawApplication } from '../../features/application/application-api';
import { idParam } from '../../features/application/application-rules';
import { ApplicationSheet } from '../../features/application/application-sheet';
import { canQuoteFromApplication } from '../../features/quote/quote-rules';
import '../../features/application/application.css';
import { loadSignedInQueries } from '../../features/session/signed-in-queries';
import { LoadError } from '../../components/load-state';
import { paths, withQuery } from '@fuliaotong/contracts/constants';
import { pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';
import { useSiteProfile } from '../../root-data';
import { siteInfo } from '../../site/site-info';
import { toast } from '../../components/toast';

export const handle = accountHandle;

export function meta() {
  return pageMeta(paths.applicationOrder);
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = idParam(new URL(request.url).searchParams.get('id'));
  return loadSignedInQueries((ensure) => (id === undefined ? [] : [ensure(myApplicationQuery(id))]));
}

function NotFound({ reason }: { reason: string }) {
  return (
    <Result
      status="warning"
      title="没有找到这份申请单"
      subTitle={reason}
      extra={
        <Link to={paths.applications}>
          <Button type="primary">返回我的申请</Button>
        </Link>
      }
    />
  );
}

/** The printable application sheet (申请单), without the site's layout. */
export default function ApplicationOrderPage() {
  const site = useSiteProfile();
  const [confirm, confirmHolder] = useConfirm();
  const [searchParams] = useSearchParams();
  const rawId = searchParams.get('id');
  const id = idParam(rawId);
  const application = useQuery({ ...myApplicationQuery(id ?? 0), enabled: id !== undefined });
  const withdraw = useWithdrawApplication();
  const print = () => window.print();

  const confirmWithdraw = (number: string, applicationId: number) =>
    confirm({
      title: '撤回这份申请？',
      content: `申请 ${number} 撤回后将不再审核；如仍需样品，可重新提交申请。`,
      okText: '撤回申请',
      danger: true,
      cancelText: '取消',
      onOk: () =>
        withdraw.mutateAsync(applicationId).then(
          () => toast.success('申请已撤回'),
          (error: unknown) => toast.error(errorMessage(error, '撤回失败，请稍后重试')),
        ),
    });

  let body;
  if (id === undefined) {
    body = <NotFound reason={rawId ? `申请编号“${rawId.slice(0, 40)}”无效。` : '链接中缺少申请编号。请从“我的申请”中打开申请单。'} />;
  } else if (application.isPending) {
    body = (
      <section className="panel">
        <Skeleton active paragraph={{ rows: 8 }} />
      </section>
    );
  } else if (application.isError) {
    const code = application.error instanceof ApiError ? application.error.code : undefined;
    body =
      code === 'not_found' || code === 'bad_request' || code === 'validation_failed' ? (
        <NotFound reason="这份申请不存在，或不属于当前登录的账号。" />
      ) : (
        <LoadError error={application.error} title="申请单加载失败" onRetry={() => void application.refetch()} />
      );
  } else {
    const a = application.data;
    body = (
      <ApplicationSheet
        application={a}
        title={
          <div className="app-sheet__brand">
            <span className="app-sheet__site">{siteInfo.name}</span>
            <h1 className="app-sheet__title">样品申请单</h1>
          </div>
        }
        headExtra={
          <div className="app-sheet__tools no-print">
            {a.canEdit ? (
              <Link to={withQuery(paths.formConfirm, { edit: a.id })}>
                <Button>修改申请</Button>
              </Link>
            ) : null}
            {canQuoteFromApplication(a.status) ? (
              <Link to={withQuery(paths.quoteRequest, { application: a.id })}>
                <Button icon={<FileTextOutlined aria-hidden />}>询价</Button>
              </Link>
            ) : null}
            {a.canWithdraw ? (
              <Button danger loading={withdraw.isPending} onClick={() => confirmWithdraw(a.number, a.id)}>
                撤回申请
              </Button>
            ) : null}
            <Button type="primary" icon={<PrinterOutlined aria-hidden />} onClick={print}>
              打印
            </Button>
          </div>
        }
      />
    );
  }

  return (
    <div className="standalone app-print-page">
      <nav className="app-print-page__bar no-print" aria-label="申请单导航">
        <Link to={paths.applications}>
          <ArrowLeftOutlined aria-hidden /> 返回我的申请
        </Link>
        <Link to={paths.home}>{siteInfo.name}首页</Link>
      </nav>
      <main className="app-print-page__main">{body}</main>
      {confirmHolder}
      <footer className="app-print-page__footer">
        {site.company} · 客服电话 {site.phone} · {site.email}
      </footer>
    </div>
  );
}
