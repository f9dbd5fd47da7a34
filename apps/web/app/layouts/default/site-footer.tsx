import { Link } from 'react-router';
import { paths } from '../../paths';
import { siteInfo } from '../../site/site-info';
import './site-footer.css';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section>
          <h2 className="site-footer__title">{siteInfo.company}</h2>
          <p>{siteInfo.slogan}</p>
          <p>地址：{siteInfo.address}</p>
        </section>
        <section aria-label="联系方式">
          <h2 className="site-footer__title">联系我们</h2>
          <p>
            客服热线：<a href={`tel:${siteInfo.phone.replaceAll('-', '')}`}>{siteInfo.phone}</a>（{siteInfo.serviceHours}）
          </p>
          <p>座机：{siteInfo.landline}</p>
          <p>
            邮箱：<a href={`mailto:${siteInfo.email}`}>{siteInfo.email}</a>
          </p>
          <p>企业微信：{siteInfo.wechatHandle}</p>
        </section>
        <section aria-label="快速链接">
          <h2 className="site-footer__title">快速链接</h2>
          <p>
            <Link to={paths.about}>关于我们</Link> · <Link to={paths.links}>友情链接</Link> ·{' '}
            <Link to={paths.selfCheck}>连接自检</Link>
          </p>
          <p>
            <Link to={paths.registrations}>原辅包登记信息</Link> · <Link to={paths.regulations}>法规政策</Link>
          </p>
          <p>
            <Link to={paths.agreement}>用户协议</Link> · <Link to={paths.privacy}>隐私政策</Link>
          </p>
        </section>
      </div>
      <div className="container site-footer__bottom">
        © {new Date().getFullYear()} {siteInfo.company} · {siteInfo.icp}
      </div>
    </footer>
  );
}
