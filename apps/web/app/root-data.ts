import { useRouteLoaderData } from 'react-router';

/** What the root loader tells every page: the build the server runs and where the API is. */
export interface RootData {
  buildId: string;
  apiBase: string;
}

/** The root loader's data (a module of its own, so that components need not import root.tsx). */
export function useRootData(): RootData | undefined {
  const data: unknown = useRouteLoaderData('root');
  return data as RootData | undefined;
}
