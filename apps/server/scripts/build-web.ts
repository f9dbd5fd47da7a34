/**
 * `npm run build`: builds the web app into a new folder of apps/web/builds and makes it the current
 * build (what a server starting from now on serves); servers already running keep theirs. Then prints
 * each page's first-load JavaScript and fails when a page grows past its ceiling (web-budget.ts).
 */
import path from 'node:path';
import { budgetReport, firstLoadByRoute } from './web-budget.js';
import { buildWebApp } from './web-builder.js';

try {
  const built = await buildWebApp();
  console.log(
    `web build ${built.id} ready in ${(built.ms / 1000).toFixed(1)} s: ${path.relative(process.cwd(), built.dir)}` +
      (built.removed.length > 0 ? ` (removed ${built.removed.length} old build(s) no server uses)` : ''),
  );
  const { text, over, loose } = budgetReport(await firstLoadByRoute(built.dir));
  console.log(text);
  if (loose.length > 0) {
    console.log(`ceilings that can come down (CEILINGS in apps/server/scripts/web-budget.ts): ${loose.map((load) => load.path).join(', ')}`);
  }
  if (over.length > 0) {
    console.error(`past the JavaScript ceiling: ${over.map((load) => load.path).join(', ')}`);
    process.exit(1);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
