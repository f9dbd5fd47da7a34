import { Descriptions } from 'antd';
import { PageHeading } from '../components/page-heading';
import { paths } from '../paths';
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
        <Descriptions title="联系方式" column={1} bordered size="small">
          <Descriptions.Item label="公司">{site.company}</Descriptions.Item>
          <Descriptions.Item label="地址">{site.address}</Descriptions.Item>
          <Descriptions.Item label="客服热线">
            {site.phone}（{site.serviceHours}）
          </Descriptions.Item>
          {site.landline ? <Descriptions.Item label="座机">{site.landline}</Descriptions.Item> : null}
          <Descriptions.Item label="邮箱">{site.email}</Descriptions.Item>
          {site.wechatHandle ? <Descriptions.Item label="企业微信">{site.wechatHandle}</Descriptions.Item> : null}
        </Descriptions>
      </section>
    </div>
  );
}
