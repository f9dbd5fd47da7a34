import { Link } from 'react-router';
import { HomeSearch } from '../components/home-search';
import { paths } from '../paths';
import { pageMeta } from '../site/pages';
import { sections } from '../site/sections';
import { siteInfo } from '../site/site-info';

export function meta() {
  return pageMeta(paths.homeBack);
}

/** The classic home layout: a compact search bar over a two-column list of sections. */
export default function HomeBack() {
  return (
    <div className="container home-back">
      <h1 className="home-back__title">
        {siteInfo.name} · {siteInfo.slogan}
      </h1>
      <div className="home-back__search">
        <HomeSearch size="middle" />
      </div>
      <ul className="home-back__list">
        {sections.map((section) => (
          <li key={section.to}>
            <Link to={section.to}>{section.title}</Link>
            <span>{section.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
