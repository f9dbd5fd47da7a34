import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@fuliaotong/contracts/constants';
import { useSiteProfile } from '../root-data';
import { CompanyLines } from './company-lines';
import { Spinner } from './load-state';
import { siteInfo } from '../site/site-info';
import './auth-shell.css';

/** The frame of /login and /register (pages without the site layout): brand, a card, the footer line. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const site = useSiteProfile();
  return (
    <div className="auth-page">
      <header className="auth-page__header">
        <Link to={paths.home} className="auth-page__brand">
          <span className="site-header__logo" aria-hidden>
            辅
          </span>
          <span className="auth-page__name">{siteInfo.name}</span>
          <span className="auth-page__slogan">{siteInfo.slogan}</span>
        </Link>
        <Link to={paths.home} className="auth-page__home">
          返回首页
        </Link>
      </header>
      <main className="auth-page__main">
        <section className="auth-card" aria-labelledby="auth-card-title">
          <h1 id="auth-card-title" className="auth-card__title">
            {title}
          </h1>
          {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
          {children}
          {footer ? <div className="auth-card__footer">{footer}</div> : null}
        </section>
      </main>
      <footer className="auth-page__footer">
        <CompanyLines site={site} />
      </footer>
    </div>
  );
}

/** The card's main button (登录, 注册, 重置密码): full width; while the request runs it spins and is busy. */
export function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <div className="auth-card__submit">
      <button type="submit" className="button button--primary button--block" disabled={disabled} aria-busy={busy || undefined}>
        {busy ? <Spinner /> : null}
        {children}
      </button>
    </div>
  );
}
