import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import {
  antdStaticStylesPlugin,
  buildMetaPlugin,
  guardRouteModuleReloadPlugin,
  precompressAssetsPlugin,
  loadTogetherGroups,
  shellStylesheetLayerPlugin,
} from './vite-plugins.ts';

// One id for the client and the server bundle of this build (the config is evaluated once per bundle).
process.env.BUILD_ID ??= `${new Date().toISOString().slice(0, 10).replaceAll('-', '')}-${Date.now().toString(36)}`;
const buildId = process.env.BUILD_ID;
const app = (file: string) => fileURLToPath(new URL(`./app/${file}`, import.meta.url));
const dependency = createRequire(import.meta.url).resolve;

export default defineConfig({
  plugins: [
    reactRouter(),
    antdStaticStylesPlugin({ appDirectory: fileURLToPath(new URL('./app', import.meta.url)) }),
    buildMetaPlugin(buildId),
    guardRouteModuleReloadPlugin(),
    shellStylesheetLayerPlugin(app('root.tsx')),
    precompressAssetsPlugin(),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: loadTogetherGroups(
            [
              {
                // The public shell, with the plain parts that public pages share (lists, filters, notices,
                // load states): one script and one stylesheet for all of them.
                name: 'shell',
                anchors: [
                  'entry.client.tsx',
                  'root.tsx',
                  'layouts/default/default-layout.tsx',
                  'routes/home.tsx',
                  ...[
                    'notice',
                    'load-state',
                    'list-pager',
                    'filter-fields',
                    'data-table',
                    'breadcrumb',
                    'record-cards',
                    'page-heading',
                  ].map((name) => `components/${name}.tsx`),
                ]
                  .map(app)
                  // Icons public pages draw that antd's own controls draw too: else a public page drawing one
                  // would load antd's set for it (the build's budget fails when one is missing here).
                  .concat(
                    ['CloseOutlined', 'CheckCircleFilled', 'CloseCircleFilled'].map((icon) =>
                      fileURLToPath(import.meta.resolve(`@ant-design/icons/es/icons/${icon}`)),
                    ),
                  ),
              },
              {
                // antd's scope: what every page that shows antd's components loads (its index is not followed).
                name: 'antd',
                anchors: [
                  app('lib/antd-scope.tsx'),
                  ...['antd/es/config-provider/index.js', 'antd/es/locale/zh_CN.js'].map((id) => dependency(id)),
                ],
              },
            ],
            // Barrels whose static imports are a whole library: antd's, and its icons' (every icon the app
            // draws anywhere; each icon goes with the pages that draw it).
            /[\\/]node_modules[\\/](antd|@ant-design[\\/]icons)[\\/]es[\\/]index\.js$/,
          ),
        },
      },
    },
  },
});
