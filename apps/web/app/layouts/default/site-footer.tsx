import { Link } from 'react-router';
import { paths } from '@fuliaotong/contracts/constants';
import { CompanyLines, telHref } from '../../components/company-lines';
import { useSiteProfile } from '../../root-data';
import { siteInfo } from '../../site/site-info';
import './site-footer.css';

export function SiteFooter() {
  const site = useSiteProfile();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section>
          <h2 className="site-footer__title">{site.company}</h2>
          <p>{siteInfo.slogan}</p>
          <p>地址：{site.address}</p>
        </section>
        <section aria-label="联系方式">
          <h2 className="site-footer__title">联系我们</h2>
          <p>
            客服热线：<a href={telHref(site.phone)}>{site.phone}</a>（{site.serviceHours}）
          </p>
          {site.landline ? <p>座机：{site.landline}</p> : null}
          <p>
            邮箱：<a href={`mailto:${site.email}`}>{site.email}</a>
          </p>
          {site.wechatHandle ? <p>企业微信：{site.wechatHandle}</p> : null}
        </section>
        <section aria-label="快速链接">
          <h2 className="site-footer__title">快速链接</h2>
          <p>
            <Link to={paths.about}>关于我们</Link> · <Link to={paths.links}>友情链接</Link>
          </p>
          <p>
            <Link to={paths.registrations}>原辅包登记信息</Link> · <Link to={paths.regulations}>法规政策</Link>
          </p>
          <p>
            <Link to={paths.agreement}>用户协议</Link> · <Link to={paths.privacy}>隐私政策</Link>
          </p>
        </section>
      </div>
      <CompanyLines site={site} className="container site-footer__bottom" />
    </footer>
  );
}
