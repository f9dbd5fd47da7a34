import { PageHeading } from '../components/page-heading';
import { paths } from '@fuliaotong/contracts/constants';
import { pageInfo, pageMeta } from '../site/pages';

export function meta() {
  return pageMeta(paths.links);
}

const groups = [
  {
    title: '药品监管机构',
    links: [
      { name: '国家药品监督管理局', url: 'https://www.nmpa.gov.cn', text: '法规、公告与药品注册信息' },
      { name: '国家药监局药品审评中心（CDE）', url: 'https://www.cde.org.cn', text: '原辅包登记信息公示与技术指导原则' },
      { name: '国家药典委员会', url: 'https://www.chp.org.cn', text: '《中国药典》与国家药品标准' },
      { name: '中国食品药品检定研究院', url: 'https://www.nifdc.org.cn', text: '药品检验与标准物质' },
    ],
  },
  {
    title: '国际药典与监管',
    links: [
      { name: 'U.S. Pharmacopeia（USP）', url: 'https://www.usp.org', text: 'USP–NF 标准' },
      { name: 'EDQM 欧洲药典', url: 'https://www.edqm.eu', text: 'Ph. Eur. 与 CEP 认证' },
      { name: 'FDA Inactive Ingredient Database', url: 'https://www.accessdata.fda.gov/scripts/cder/iig/index.cfm', text: '美国 FDA 非活性成分数据库' },
      { name: 'ICH', url: 'https://www.ich.org', text: '人用药品技术要求国际协调理事会' },
    ],
  },
  {
    title: '行业组织',
    links: [
      { name: '中国医药包装协会', url: 'http://www.cnppa.org', text: '药包材行业组织' },
      { name: 'IPEC 国际药用辅料协会', url: 'https://www.ipec-federation.org', text: '药用辅料 GMP 与 GDP 指南' },
    ],
  },
];

export default function Links() {
  return (
    <div className="container page">
      <PageHeading title={pageInfo(paths.links).title} description="药品监管机构、药典委员会与行业组织。链接将在新窗口打开。" />
      {groups.map((group) => (
        <section key={group.title} className="panel">
          <h2 className="panel__title">{group.title}</h2>
          <ul className="doc-list">
            {group.links.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.name}
                </a>
                <span className="muted small">{link.text}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
