import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { configureBrowserApi, serverApi } from './lib/api';
import { getQueryClient } from './lib/query-client';
import { SessionBridge } from './features/session/session-bridge';
import { installBrowserSession } from './features/session/session';
import { ErrorView } from './components/error-view';
import { LoadingIndicator } from './components/loading-indicator';
import { ReloadOnNewBuild } from './components/reload-on-new-build';
import { Toaster } from './components/toast';
import './load-context';
import type { RootData } from './root-data';
import './styles/global.css';

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const site = await serverApi(context).call('siteProfile');
  // QR images are served by the API: on its origin.
  const onApi = (src: string | null) => (src === null ? null : `${context.apiBase}${src}`);
  const { officialAccount, miniProgram, corporateChat } = site.qrCodes;
  return {
    buildId: context.buildId,
    apiBase: context.apiBase,
    site: {
      ...site,
      qrCodes: { officialAccount: onApi(officialAccount), miniProgram: onApi(miniProgram), corporateChat: onApi(corporateChat) },
    },
  };
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="format-detection" content="telephone=no" />
        <meta name="renderer" content="webkit" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <Providers>{children}</Providers>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Server data for every page; antd's scope is below, around the pages that use it (lib/antd-scope.tsx). */
function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(getQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export default function App({ loaderData }: Route.ComponentProps) {
  useState(() => {
    if (typeof window === 'undefined') return;
    configureBrowserApi(loaderData.apiBase);
    installBrowserSession();
  });
  return (
    <>
      <LoadingIndicator />
      <ReloadOnNewBuild />
      <SessionBridge />
      <Outlet />
      <Toaster />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} />;
}
