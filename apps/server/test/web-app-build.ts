import path from 'node:path';
import { markBuildInUse } from '../src/web/build-store.js';
import { loadWebBuild, resolveWebBuildDir, type WebBuild } from '../src/web/web-build.js';
import { repoRoot } from './production-server.js';

/**
 * The web app's production build, for tests that render pages through app.inject(): WEB_BUILD_DIR
 * (relative to the repository root), else the current build of apps/web/builds, as the journeys
 * use it. It is marked in use until `release`, so that a build made meanwhile does not prune it.
 */
export async function productionWebBuild(): Promise<{ web: WebBuild; release: () => Promise<void> }> {
  const dir = await resolveWebBuildDir(process.env.WEB_BUILD_DIR ? path.resolve(repoRoot, process.env.WEB_BUILD_DIR) : undefined);
  const web = dir ? await loadWebBuild(dir) : undefined;
  if (!dir || !web) throw new Error(`The web build is missing${dir ? ` (${dir})` : ''}: run npm run build first.`);
  return { web, release: await markBuildInUse(dir) };
}
