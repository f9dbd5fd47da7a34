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
                ].map(app),
              },
              {
                // antd's scope: what every page that shows antd's components loads (its index is not followed).
                name: 'antd',
                anchors: [
                  app('lib/antd-scope.tsx'),
                  ...['antd/es/config-provider/index.js', 'antd/es/app/index.js', 'antd/es/locale/zh_CN.js'].map((id) => dependency(id)),
                ],
              },
            ],
            /[\\/]node_modules[\\/]antd[\\/]es[\\/]index\.js$/,
          ),
        },
      },
    },
  },
});
