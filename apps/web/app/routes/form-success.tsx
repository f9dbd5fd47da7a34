import { CheckCircleFilled } from '@ant-design/icons';
import { applicationStatusLabels } from '@fuliaotong/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Steps } from 'antd';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router';
import { LoadState } from '../components/load-state';
import { PageHeading } from '../components/page-heading';
import { myApplicationQuery } from '../features/application/application-api';
import { AppliedItems } from '../features/application/applied-items';
import { idFrom } from '../features/sample/sample-ids';
import { errorMessage } from '../lib/api-errors';
import { paths, withQuery } from '../paths';
import { pageInfo, pageMeta } from '../site/pages';
import '../features/sample/sample.css';

export function meta() {
  return pageMeta(paths.formSuccess);
}

const nextSteps = [
  { title: '提交申请', content: '申请已收到' },
  { title: '审核', content: '1–2 个工作日内完成' },
  { title: '寄出样品', content: '审核通过后寄出，短信与站内消息通知您' },
  { title: '签收', content: '收到样品后可在“我的申请”中查看记录' },
];

export default function FormSuccessPage() {
  const info = pageInfo(paths.formSuccess);
  const [params] = useSearchParams();
  const id = idFrom(params.get('id'));
  const application = useQuery({ ...myApplicationQuery(id ?? 0), enabled: id !== null });

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
              icon={<CheckCircleFilled />}
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
            <Steps className="success-steps" current={1} items={nextSteps} size="small" />
            <Alert
              className="success-note"
              type="info"
              showIcon
              title={`我们将在 1–2 个工作日内审核您的申请；审核通过后寄出样品，并通过短信（${data.mobile}）和站内消息通知您。`}
              description={
                <>
                  审核期间可在 <Link to={withQuery(paths.applicationOrder, { id: data.id })}>申请单</Link>{' '}
                  中查看或修改申请，也可在 <Link to={paths.applications}>我的申请</Link> 中查看进度。
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
