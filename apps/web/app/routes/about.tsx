import { PageHeading } from '../components/page-heading';
import { paths } from '@fuliaotong/contracts/constants';
import { useSiteProfile } from '../root-data';
import { pageMeta } from '../site/pages';
import { siteInfo } from '../site/site-info';

export function meta() {
  return pageMeta(paths.about);
}

/** The company's introduction and contacts, as the staff wrote them on the settings desk. */
export default function About() {
  const site = useSiteProfile();
  const paragraphs = site.about
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div className="container page">
      <PageHeading title="关于我们" description={siteInfo.slogan} />
      <section className="panel prose">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <h2 className="panel__title">联系方式</h2>
        <dl className="facts-table">
          <dt>公司</dt>
          <dd>{site.company}</dd>
          <dt>地址</dt>
          <dd>{site.address}</dd>
          <dt>客服热线</dt>
          <dd>
            {site.phone}（{site.serviceHours}）
          </dd>
          {site.landline ? (
            <>
              <dt>座机</dt>
              <dd>{site.landline}</dd>
            </>
          ) : null}
          <dt>邮箱</dt>
          <dd>{site.email}</dd>
          {site.wechatHandle ? (
            <>
              <dt>企业微信</dt>
              <dd>{site.wechatHandle}</dd>
            </>
          ) : null}
        </dl>
      </section>
    </div>
  );
}
