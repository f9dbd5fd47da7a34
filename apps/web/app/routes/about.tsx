import { Descriptions } from 'antd';
import { PageHeading } from '../components/page-heading';
import { paths } from '../paths';
import { pageMeta } from '../site/pages';
import { siteInfo } from '../site/site-info';

export function meta() {
  return pageMeta(paths.about);
}

export default function About() {
  return (
    <div className="container page">
      <PageHeading title="关于我们" description={siteInfo.slogan} />
      <section className="panel prose">
        <p>
          {siteInfo.company}专注于药用辅料的供应与技术服务。{siteInfo.name}
          汇集我们供应的辅料产品、公开的原辅包登记信息、药典标准与法规资讯，帮助制剂研发人员选择合适的辅料，并为采购人员提供样品申请、订单与发票服务。
        </p>
        <p>我们的技术团队可为处方开发、工艺放大和注册申报提供辅料选型与资料支持。</p>
        <Descriptions title="联系方式" column={1} bordered size="small">
          <Descriptions.Item label="公司">{siteInfo.company}</Descriptions.Item>
          <Descriptions.Item label="地址">{siteInfo.address}</Descriptions.Item>
          <Descriptions.Item label="客服热线">
            {siteInfo.phone}（{siteInfo.serviceHours}）
          </Descriptions.Item>
          <Descriptions.Item label="座机">{siteInfo.landline}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{siteInfo.email}</Descriptions.Item>
          <Descriptions.Item label="企业微信">{siteInfo.wechatHandle}</Descriptions.Item>
        </Descriptions>
      </section>
    </div>
  );
}
