import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // `npm run build` and `npm start` build into a fresh folder of apps/web/builds and name it there
  // (apps/server/scripts/web-builder.ts, docs/decisions/0018-start-never-harms-a-running-server.md).
  buildDirectory: process.env.WEB_BUILD_OUT_DIR ?? 'build',
  ssr: true,
} satisfies Config;
