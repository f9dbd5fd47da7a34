import { CheckCircleFilled } from '@ant-design/icons';
import { applicationStatusLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Steps } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { LoadState } from '../components/load-state';
import { PageHeading } from '../components/page-heading';
import { profileQuery } from '../features/account/account-api';
import { myApplicationQuery } from '../features/application/application-api';
import { AppliedItems } from '../features/application/applied-items';
import { idFrom } from '../features/application/sample-ids';
import { pageInfo, pageMeta } from '../site/pages';
import '../features/application/application-form.css';

export function meta() {
  return pageMeta(paths.formSuccess);
}

function nextSteps(byMessage: boolean) {
  return [
    { title: '提交申请', content: '申请已收到' },
    { title: '审核', content: '1–2 个工作日内完成' },
    { title: '寄出样品', content: byMessage ? '审核通过后寄出，短信、邮件与站内通知告知您' : '审核通过后寄出，站内通知告知您' },
    { title: '签收', content: '收到样品后可在“我的申请”中查看记录' },
  ];
}

/** What the page promises: each change of the staff is sent as the profile says (the server's status messages). */
function howWeTellYou(byMessage: boolean, mobile: string, email: string): string {
  return byMessage
    ? `我们将在 1–2 个工作日内审核您的申请；审核结果、发货和签收都会通过短信（${mobile}）、邮件（${email}）和站内通知告知您。`
    : '我们将在 1–2 个工作日内审核您的申请；审核结果、发货和签收都会通过站内通知告知您（短信与邮件通知已在个人资料中关闭）。';
}

export default function FormSuccessPage() {
  const info = pageInfo(paths.formSuccess);
  const [params] = useSearchParams();
  const id = idFrom(params.get('id'));
  const application = useQuery({ ...myApplicationQuery(id ?? 0), enabled: id !== null });
  const profile = useQuery(profileQuery());
  // Until the profile answers, the setting every account starts with.
  const byMessage = profile.data?.notifyBySmsAndEmail ?? true;

  const links = (
    <div className="success-links">
      {id ? (
        <Link to={withQuery(paths.applicationOrder, { id })}>
          <Button type="primary">查看申请单</Button>
        </Link>
      ) : null}
      <Link to={paths.applications}>
        <Button>我的申请</Button>
      </Link>
      <Link to={paths.excipients}>
        <Button>继续浏览辅料产品</Button>
      </Link>
    </div>
  );

  if (id === null) {
    return (
      <div className="container page">
        <PageHeading title={info.title} />
        <section className="panel">
          <Result status="info" title="没有找到这份申请" subTitle="可在“我的申请”中查看已提交的样品申请。" extra={links} />
        </section>
      </div>
    );
  }

  const data = application.data;
  return (
    <div className="container page success-page">
      <section className="panel success-head">
        <LoadState
          query={application}
          errorTitle="申请信息暂时无法显示，请稍后在“我的申请”中查看。"
          rows={2}
          onError={{
            not_found: (
              <Result
                status="404"
                title="没有找到这份申请"
                subTitle={errorMessage(application.error, '请稍后在“我的申请”中查看。')}
                extra={links}
              />
            ),
          }}
        >
          {(data) => (
            <Result
              icon={<CheckCircleFilled aria-hidden />}
              status="success"
              title={<h1 className="success-head__title">样品申请已提交</h1>}
              subTitle={
                <div className="success-head__meta">
                  <div>
                    申请编号 <strong className="success-head__number">{data.number}</strong>
                  </div>
                  <div className="muted">
                    {dayjs(data.createdAt).format('YYYY-MM-DD HH:mm')} 提交 · 当前状态：{applicationStatusLabels[data.status]}
                  </div>
                </div>
              }
              extra={links}
            />
          )}
        </LoadState>
      </section>

      {data ? (
        <>
          <section className="panel" aria-labelledby="next-title">
            <h2 className="panel__title" id="next-title">
              接下来
            </h2>
            <Steps className="success-steps" current={1} items={nextSteps(byMessage)} size="small" />
            <Alert
              className="success-note"
              type="info"
              showIcon
              title={howWeTellYou(byMessage, data.mobile, data.email)}
              description={
                <>
                  审核期间可在 <Link to={withQuery(paths.applicationOrder, { id: data.id })}>申请单</Link> 中查看或修改申请，也可在{' '}
                  <Link to={paths.applications}>我的申请</Link> 中查看进度；短信与邮件通知可在 <Link to={paths.account}>个人资料</Link>{' '}
                  中开启或关闭。
                </>
              }
            />
          </section>
          <section className="panel" aria-labelledby="items-title">
            <h2 className="panel__title" id="items-title">
              申请的样品
              <span className="panel__title-note">
                {data.items.length} 种，共 {data.items.reduce((sum, item) => sum + item.quantity, 0)} 件
              </span>
            </h2>
            <AppliedItems items={data.items} />
            <p className="muted small success-address">
              寄往：{data.address.recipient} {data.address.mobile} · {data.address.regionNames.join(' ')} {data.address.street}
            </p>
          </section>
        </>
      ) : null}
    </div>
  );
}
