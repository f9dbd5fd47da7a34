import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SidePanel } from './side-panel';
import { sharedPage } from '../../site/page-caching';
import './default-layout.css';

/** Every page of this layout is the same for every visitor, except those below the signed-in guard. */
export const headers = sharedPage;

/** Header, content, footer and the floating side panel: the layout of every public page. */
export default function DefaultLayout() {
  return (
    <div className="layout layout--default">
      <SiteHeader />
      <main className="layout__main">
        <Outlet />
      </main>
      <SiteFooter />
      <SidePanel />
    </div>
  );
}
