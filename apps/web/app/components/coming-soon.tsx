import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '../paths';
import { pageInfo } from '../site/pages';
import { PageHeading } from './page-heading';

/** A section that is being prepared: its heading, and a plain note to the visitor. */
export function ComingSoon({ pathname }: { pathname: string }) {
  const info = pageInfo(pathname);
  return (
    <div className="page">
      <PageHeading title={info.title} description={info.description} />
      <section className="panel">
        <Result
          status="info"
          title="该栏目即将上线"
          subTitle={info.upcoming ?? '我们正在整理本栏目的内容，敬请期待。'}
          extra={
            <Link to={paths.home}>
              <Button type="primary">返回首页</Button>
            </Link>
          }
        />
      </section>
    </div>
  );
}
