/**
 * Compiles the server into apps/server/dist/main.js (docs/decisions/0031-compiled-server.md), what
 * `npm run serve` runs. Part of `npm run build`; `npm start` does it itself when the sources changed.
 */
import path from 'node:path';
import { buildServer } from './server-builder.js';

try {
  const built = await buildServer({ force: true });
  console.log(`server compiled in ${(built.ms / 1000).toFixed(1)} s: ${path.relative(process.cwd(), built.entry)}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
