import { Card, Col, Row } from 'antd';
import { Link } from 'react-router';
import { HomeSearch } from '../components/home-search';
import { pageMeta } from '../site/pages';
import { sections } from '../site/sections';
import { siteInfo } from '../site/site-info';
import { paths } from '../paths';

export function meta() {
  return pageMeta(paths.home);
}

export default function Home() {
  return (
    <div className="home">
      <section className="home-hero">
        <div className="container">
          <h1 className="home-hero__title">药用辅料，一站查询与样品申请</h1>
          <p className="home-hero__lead">
            {siteInfo.name}为制剂研发与采购人员提供辅料产品目录、CDE 原辅包登记、药典标准与法规资讯，并可在线申请辅料样品。
          </p>
          <div className="home-hero__search">
            <HomeSearch />
          </div>
        </div>
      </section>
      <section className="container home-sections" aria-labelledby="home-sections-title">
        <h2 id="home-sections-title" className="section-title">
          栏目导航
        </h2>
        <Row gutter={[16, 16]}>
          {sections.map((section) => (
            <Col key={section.to} xs={24} sm={12} lg={8}>
              <Link to={section.to}>
                <Card hoverable title={section.title} className="section-card">
                  {section.text}
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      </section>
    </div>
  );
}
