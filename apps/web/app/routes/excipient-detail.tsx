import { documentAccessLabels, documentKindLabels, pharmacopoeiaLabels, reviewStatusLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import type { ExcipientDetail } from '@fuliaotong/contracts';
import { DownloadOutlined, FileTextOutlined, LockOutlined, MailOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useState } from 'react';
import type { Route } from './+types/excipient-detail';
import { excipientQuery } from '../features/excipient/excipient-api';
import { FavoriteButton } from '../features/favorite/favorite-button';
import { SampleSpecPicker } from '../features/sample-cart/add-to-cart';
import { usePublicQuery } from '../features/session/use-public-query';
import { loginHref } from '../features/session/login-redirect';
import { useCurrentUser } from '../features/session/session';
import { downloadFile } from '../lib/save-file';
import { idFrom, loadQueries } from '../lib/route-data';
import { useSiteProfile } from '../root-data';
import { errorMeta, pageMeta } from '../site/pages';
import { Breadcrumb } from '../components/breadcrumb';
import { RouteLoadError } from '../components/error-view';
import { StatusTag } from '../components/status-tag';
import '../features/excipient/excipient.css';
import '../features/sample-cart/sample-cart.css';

export function meta({ data, error }: Route.MetaArgs) {
  if (error) return errorMeta(error);
  if (!data) return pageMeta(paths.excipientDetail);
  return [{ title: `${data.nameZh}（${data.nameEn}）- 辅料通` }, { name: 'description', content: data.summary }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = idFrom(new URL(request.url), paths.excipients);
  return loadQueries(context, (ensure, c) => ensure(excipientQuery(id, c)));
}

/** Saves a document, fetched with the session's token when there is one (never in the URL). */
function DownloadButton({ product, doc }: { product: ExcipientDetail; doc: ExcipientDetail['documents'][number] }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="link-button"
      aria-busy={busy}
      aria-label={`下载 ${doc.title}`}
      onClick={() => {
        setBusy(true);
        void downloadFile('excipientDocument', { params: { id: product.id, docId: doc.id } }, `${product.nameZh}-${doc.title}.pdf`).finally(() =>
          setBusy(false),
        );
      }}
    >
      <DownloadOutlined aria-hidden /> {busy ? '下载中…' : '下载'}
    </button>
  );
}

function DocumentAction({ product, doc }: { product: ExcipientDetail; doc: ExcipientDetail['documents'][number] }) {
  const site = useSiteProfile();
  const location = useLocation();
  if (doc.url) return <DownloadButton product={product} doc={doc} />;
  if (doc.access === 'login') {
    return (
      <Link to={loginHref(location.pathname + location.search)}>
        <LockOutlined aria-hidden /> 登录后下载
      </Link>
    );
  }
  if (doc.access === 'member') {
    // 会员资料: the plans that include them (signing in first, when needed, on the way).
    return (
      <Link to={paths.upgrade} aria-label={`${documentAccessLabels.member}，开通会员后下载`}>
        <LockOutlined aria-hidden /> {documentAccessLabels.member}
      </Link>
    );
  }
  return (
    <a href={`mailto:${site.email}?subject=${encodeURIComponent(`申请获取：${doc.title}`)}`}>
      <MailOutlined aria-hidden /> 申请获取
    </a>
  );
}

/**
 * 申请注册资料: the 授权使用书, 质量协议 … a company's 质量 or 研发 member asks for under the 保密协议. Signed
 * out, it leads to /login and back; the request page tells anyone else (no company, another role) why not.
 */
function RegulatoryLink({ product }: { product: Pick<ExcipientDetail, 'id' | 'nameZh'> }) {
  const user = useCurrentUser();
  const form = withQuery(paths.documentRequestNew, { excipient: product.id });
  return (
    <p className="doc-list__request">
      <Link to={user ? form : loginHref(form)}>
        申请注册资料：{product.nameZh}（授权使用书 / 质量协议 / EIP / 变更历史 / 现场审计{user ? '' : '，登录后申请'}）
      </Link>
    </p>
  );
}

/**
 * 询价: a price request for the product. Signed out, it leads to /login and back to the request form
 * (the account pages' guard would send the visitor the same way; the link says so at once).
 */
function QuoteLink({ product }: { product: Pick<ExcipientDetail, 'id' | 'nameZh'> }) {
  const user = useCurrentUser();
  const form = withQuery(paths.quoteRequest, { excipient: product.id });
  return (
    <Link className="button" to={user ? form : loginHref(form)} aria-label={`询价：${product.nameZh}${user ? '' : '（登录后询价）'}`}>
      <FileTextOutlined aria-hidden />
      询价
    </Link>
  );
}

export default function ExcipientDetailPage({ loaderData }: Route.ComponentProps) {
  const site = useSiteProfile();
  const item = usePublicQuery(excipientQuery(loaderData.id), loaderData);
  return (
    <div className="container page product">
      <Breadcrumb
        items={[
          { label: '辅料产品', to: paths.excipients },
          { label: item.category, to: withQuery(paths.excipients, { category: item.category }) },
          { label: item.nameZh },
        ]}
      />
      <section className="panel product__head">
        <div className="product__title">
          <h1>{item.nameZh}</h1>
          <p className="product__en">{item.nameEn}</p>
          <div className="product__tags">
            <StatusTag color="blue">{item.category}</StatusTag>
            {item.pharmacopoeias.map((p) => (
              <StatusTag key={p} title={pharmacopoeiaLabels[p]}>
                {p}
              </StatusTag>
            ))}
            {item.sampleAvailable ? <StatusTag color="green">可申请样品</StatusTag> : <StatusTag>暂不提供样品</StatusTag>}
          </div>
          {item.dangerousGoods ? (
            <p className="product__hazard">
              <StatusTag color="red">危险化学品</StatusTag>
              <span>运输条款：{item.dangerousGoods}</span>
            </p>
          ) : null}
        </div>
        <div className="product__actions">
          <FavoriteButton targetType="excipient" targetId={item.id} favoriteId={item.favoriteId} />
          {item.specs.some((s) => s.sampleAvailable) ? (
            <a className="button button--primary" href="#specs">
              <ShoppingCartOutlined aria-hidden />
              申请样品
            </a>
          ) : null}
          <QuoteLink product={item} />
        </div>
      </section>

      <div className="product__body">
        <div className="product__main">
          <section className="panel">
            <h2 className="panel__title">基本信息</h2>
            <dl className="facts-table">
              <dt>CAS 号</dt>
              <dd>{item.cas ?? '—'}</dd>
              <dt>功能分类</dt>
              <dd>{item.category}</dd>
              <dt>别名</dt>
              <dd>{item.synonyms.join('、') || '—'}</dd>
              <dt>适用剂型</dt>
              <dd>{item.dosageForms.join('、')}</dd>
              <dt>药典符合性</dt>
              <dd>{item.pharmacopoeias.map((p) => `${p}（${pharmacopoeiaLabels[p]}）`).join('、')}</dd>
            </dl>
          </section>

          <section className="panel" id="specs" aria-labelledby="specs-title">
            <h2 className="panel__title" id="specs-title">
              规格与样品包装
            </h2>
            <SampleSpecPicker excipient={item} />
            <p className="muted small spec-note">
              选择规格与包装后加入样品车，在样品车中确认数量并提交申请；审核通过后寄出样品。如有疑问请致电 {site.phone}（{site.serviceHours}
              ）或发送邮件至 <a href={`mailto:${site.email}`}>{site.email}</a>。
            </p>
          </section>
          <section className="panel" aria-labelledby="description-title">
            <h2 className="panel__title" id="description-title">
              产品介绍
            </h2>
            <div className="product__description">
              {item.description.split(/\n{2,}/).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </div>
          </section>
        </div>
        <aside className="product__side" aria-label="登记信息与技术资料">
          <section className="panel">
            <h2 className="panel__title">CDE 登记信息</h2>
            {item.registrations.length === 0 ? (
              <p className="muted">暂无登记信息。</p>
            ) : (
              <ul className="reg-links">
                {item.registrations.map((r) => (
                  <li key={r.regNo}>
                    {r.registrationId ? (
                      <Link to={withQuery(paths.topDatabaseDetail, { code: 'registration', id: r.registrationId })}>{r.regNo}</Link>
                    ) : (
                      r.regNo
                    )}
                    <StatusTag color={r.status === 'A' ? 'green' : 'orange'}>{reviewStatusLabels[r.status]}</StatusTag>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="panel">
            <h2 className="panel__title">技术资料</h2>
            <ul className="doc-list">
              {item.documents.map((doc) => (
                <li key={doc.id}>
                  <span>
                    <StatusTag title={documentKindLabels[doc.kind]}>{doc.kind}</StatusTag>
                    {doc.title}
                  </span>
                  <DocumentAction product={item} doc={doc} />
                </li>
              ))}
            </ul>
            <RegulatoryLink product={item} />
            <p className="doc-list__request">
              <Link to={withQuery(paths.coa, { excipient: item.id })}>查询批次检验报告：{item.nameZh}（凭批号与防伪查询码）</Link>
            </p>
          </section>
          <section className="panel product__service">
            <h2 className="panel__title">样品与技术服务</h2>
            <p className="small">
              {item.sampleAvailable
                ? `本品可申请样品（${[...new Set(item.specs.filter((s) => s.sampleAvailable).map((s) => s.packSize))].join(' / ')} 样品包装），并提供技术资料与注册支持。`
                : '本品暂不提供样品，可咨询替代辅料、技术资料与注册支持。'}
            </p>
            <p className="small">
              客服热线 <strong>{site.phone}</strong>
              <br />
              <span className="muted">{site.serviceHours}</span>
            </p>
            <p className="small">
              邮箱 <a href={`mailto:${site.email}`}>{site.email}</a>
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteLoadError error={error} back={{ to: paths.excipients, label: '浏览辅料产品' }} />;
}
