import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { DocumentRequest } from '@fuliaotong/contracts';
import { DOCUMENT_REQUEST_STATES, documentRequestKindLabels, documentRequestStateLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/document-requests';
import { DataTable } from '../../components/data-table';
import { ListPager, withParams } from '../../components/list-pager';
import { EmptyState, LoadState } from '../../components/load-state';
import { PageHeading } from '../../components/page-heading';
import { RecordDetail } from '../../components/record-detail';
import { RecordCards } from '../../components/record-cards';
import { SegmentedLinks } from '../../components/segmented-links';
import { toast } from '../../components/toast';
import {
  DOCUMENT_REQUEST_PAGE_SIZE,
  confidentialityQuery,
  documentRequestQuery,
  myDocumentRequestsQuery,
  useWithdrawDocumentRequest,
} from '../../features/document-request/document-request-api';
import { ConfidentialityDialog, DecisionNote, DocumentRequestFacts, DocumentRequestStatusTag, DownloadButtons } from '../../features/document-request/document-request-view';
import { dayText } from '../../features/quote/quote-rules';
import { loadSignedInQueries } from '../../features/session/signed-in-queries';
import { pageInfo, pageMeta } from '../../site/pages';
import { accountHandle } from '../../site/route-handle';

export const handle = accountHandle;

export function meta() {
  return pageMeta(paths.documentRequests);
}

const idParam = (value: string | null) => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined);
const stateParam = (value: string | null) => DOCUMENT_REQUEST_STATES.find((state) => state === value);
const listQuery = (params: URLSearchParams) => ({ status: stateParam(params.get('status')), page: Math.max(1, Number(params.get('page')) || 1) });

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const id = idParam(params.get('id'));
  return loadSignedInQueries((ensure) => [ensure(confidentialityQuery()), id === undefined ? ensure(myDocumentRequestsQuery(listQuery(params))) : ensure(documentRequestQuery(id))]);
}

const detailHref = (id: number) => withQuery(paths.documentRequests, { id });

/** 注册资料: the company's document requests, the 保密协议 and its signatures, or one request. */
export default function DocumentRequestsPage() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  return id === undefined ? <DocumentRequestList /> : <DocumentRequestDetail id={id} />;
}

/** The agreement: signed or not, the dialog to sign it, and who in the company signed which version. */
function AgreementPanel() {
  const agreement = useQuery(confidentialityQuery());
  const [open, setOpen] = useState(false);
  const data = agreement.data;
  if (!data?.current) return null;
  return (
    <section className="document-request-section panel" aria-labelledby="confidentiality-title">
      <h2 id="confidentiality-title">
        <SafetyCertificateOutlined aria-hidden /> 保密协议
      </h2>
      {data.accepted ? (
        <Alert type="success" showIcon title={`您已签署现行的《${data.current.title}》（第 ${data.current.version} 版）`} />
      ) : data.canSign ? (
        <Alert
          type="warning"
          showIcon
          title={`申请注册资料前，请先阅读并签署《${data.current.title}》（第 ${data.current.version} 版）`}
          action={
            <Button type="primary" size="small" onClick={() => setOpen(true)}>
              阅读并签署
            </Button>
          }
        />
      ) : (
        <Alert type="info" showIcon title={data.company ? '企业的质量或研发成员可签署保密协议并申请注册资料。' : '注册资料以企业名义申请：请先在“我的企业”中创建或加入企业。'} />
      )}
      {data.acceptances.length > 0 ? (
        <ul className="document-request-muted">
          {data.acceptances.map((row) => (
            <li key={`${row.version}-${row.signer}-${row.acceptedAt}`}>
              {row.signer} 于 {dayText(row.acceptedAt)} 签署第 {row.version} 版
            </li>
          ))}
        </ul>
      ) : null}
      <ConfidentialityDialog open={open} agreement={data} onClose={() => setOpen(false)} />
    </section>
  );
}

function DocumentRequestList() {
  const info = pageInfo(paths.documentRequests);
  const [params] = useSearchParams();
  const query = listQuery(params);
  const list = useQuery(myDocumentRequestsQuery(query));
  return (
    <div className="page document-requests-page">
      <PageHeading title={info.title} description={info.description} />
      <AgreementPanel />
      <SegmentedLinks
        label="申请状态"
        className="document-request-tabs"
        preventScrollReset
        items={[undefined, ...DOCUMENT_REQUEST_STATES].map((state) => ({
          label: state ? documentRequestStateLabels[state] : '全部',
          to: withParams(new URLSearchParams(), { status: state }),
          current: query.status === state,
        }))}
      />
      <LoadState
        query={list}
        errorTitle="注册资料加载失败"
        panel
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState image={<SafetyCertificateOutlined aria-hidden className="empty-icon" />} description={query.status ? `没有${documentRequestStateLabels[query.status]}的申请` : '还没有注册资料申请。可在产品页面的“技术资料”中申请。'}>
            <Link to={paths.excipients}>
              <Button type="primary">浏览产品</Button>
            </Link>
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <section className="panel table-scroll records-table">
              <DataTable<DocumentRequest>
                label="注册资料申请列表"
                rows={data.items}
                rowKey={(row) => row.id}
                empty="还没有注册资料申请"
                minWidth={760}
                columns={[
                  {
                    key: 'number',
                    title: '申请编号',
                    render: (row) => (
                      <Link to={detailHref(row.id)} aria-label={`查看资料申请 ${row.number}`}>
                        {row.number}
                      </Link>
                    ),
                  },
                  { key: 'kind', title: '资料', render: (row) => documentRequestKindLabels[row.kind] },
                  { key: 'product', title: '产品', render: (row) => row.excipient.name },
                  { key: 'status', title: '状态', render: (row) => <DocumentRequestStatusTag status={row.status} /> },
                  { key: 'requester', title: '申请人' },
                  { key: 'createdAt', title: '申请日期', render: (row) => dayText(row.createdAt) },
                ]}
              />
            </section>
            <RecordCards
              label="注册资料申请列表"
              empty="还没有注册资料申请"
              items={data.items.map((row) => ({
                key: row.id,
                href: detailHref(row.id),
                name: `${documentRequestKindLabels[row.kind]} · ${row.excipient.name}`,
                tag: <DocumentRequestStatusTag status={row.status} />,
                code: row.number,
                lines: [],
                meta: `申请日期 ${dayText(row.createdAt)} · ${row.requester}`,
              }))}
            />
            <ListPager total={data.totalCount} pageSize={DOCUMENT_REQUEST_PAGE_SIZE} />
          </>
        )}
      </LoadState>
    </div>
  );
}

function DocumentRequestDetail({ id }: { id: number }) {
  const request = useQuery(documentRequestQuery(id));
  return (
    <RecordDetail
      query={request}
      className="document-request-page"
      back={{ to: paths.documentRequests, label: '返回注册资料' }}
      errorTitle="资料申请加载失败"
      notFound={{ title: '没有找到这个申请', subTitle: '这个申请不存在，或不属于您所在企业（企业的管理员、质量与研发成员可查看）。' }}
    >
      {(data) => <RequestSheet request={data} />}
    </RecordDetail>
  );
}

function RequestSheet({ request }: { request: DocumentRequest }) {
  const withdraw = useWithdrawDocumentRequest(request.id);
  return (
    <>
      <PageHeading title={`${documentRequestKindLabels[request.kind]} ${request.number}`} description={`${request.excipient.name} · ${request.company}`} extra={<DocumentRequestStatusTag status={request.status} />} />
      <DecisionNote request={request} />
      <DownloadButtons request={request} />
      {request.actions.withdraw ? (
        <div className="document-request-actions">
          <Popconfirm
            title="撤回这个申请？"
            okText="撤回"
            cancelText="取消"
            onConfirm={() =>
              withdraw
                .mutateAsync()
                .then(() => toast.success('申请已撤回'))
                .catch((error: unknown) => toast.error(errorMessage(error, '撤回失败，请稍后重试')))
            }
          >
            <Button loading={withdraw.isPending}>撤回申请</Button>
          </Popconfirm>
        </div>
      ) : null}
      <section className="document-request-section" aria-labelledby="request-facts-title">
        <h2 id="request-facts-title">申请信息</h2>
        <DocumentRequestFacts request={request} />
      </section>
    </>
  );
}
