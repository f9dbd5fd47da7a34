import type { SiteProfile } from '@fuliaotong/contracts';
import { useRouteLoaderData } from 'react-router';

/**
 * What the root loader tells every page: the build the server runs, where the API is, and the
 * company's public details (footer, side panel, about page, home headline) as the staff last saved them.
 */
export interface RootData {
  buildId: string;
  apiBase: string;
  site: SiteProfile;
}

/** The root loader's data (a module of its own, so that components need not import root.tsx). */
export function useRootData(): RootData | undefined {
  const data: unknown = useRouteLoaderData('root');
  return data as RootData | undefined;
}

/** The company's public details (the staff edit them on /admin/settings). */
export function useSiteProfile(): SiteProfile {
  const root = useRootData();
  if (!root) throw new Error('The site profile is read outside the root route');
  return root.site;
}
