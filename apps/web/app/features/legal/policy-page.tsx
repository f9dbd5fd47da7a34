import { RichNodes, sectionsOf } from '../article/rich-text';
import { PageHeading } from '../../components/page-heading';
import './policy-page.css';

/** 2026-11-27 → 2026 年 11 月 27 日 */
export function chineseDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${year} 年 ${month} 月 ${day} 日`;
}

/**
 * A policy document of the site (用户协议, 隐私政策) as the staff published it: heading, dates, a table
 * of contents, and a section per h2 heading of its text.
 */
export function PolicyPage({
  title,
  version,
  html,
}: {
  title: string;
  /** Its effective date, yyyy-mm-dd. */
  version: string;
  html: string;
}) {
  const { intro: introNodes, sections: parts } = sectionsOf(html);
  const intro = <RichNodes nodes={introNodes} />;
  const sections = parts.map((part, index) => ({ id: `section-${index + 1}`, title: part.title, body: <RichNodes nodes={part.nodes} /> }));
  return (
    <div className="container page policy-page">
      <PageHeading title={title} description={`更新日期：${chineseDate(version)} · 生效日期：${chineseDate(version)}`} />
      <article className="panel prose policy">
        <div className="policy__intro">{intro}</div>
        <nav className="policy__toc" aria-label="目录">
          <h2 className="policy__toc-title">目录</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section) => (
          <section key={section.id} id={section.id} className="policy__section" aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="policy__title">
              {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </article>
    </div>
  );
}
