import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { antdStaticStylesPlugin, buildMetaPlugin, guardRouteModuleReloadPlugin, precompressAssetsPlugin } from './vite-plugins.ts';

// One id for the client and the server bundle of this build (the config is evaluated once per bundle).
process.env.BUILD_ID ??= `${new Date().toISOString().slice(0, 10).replaceAll('-', '')}-${Date.now().toString(36)}`;
const buildId = process.env.BUILD_ID;

export default defineConfig({
  plugins: [
    reactRouter(),
    antdStaticStylesPlugin({ appDirectory: fileURLToPath(new URL('./app', import.meta.url)) }),
    buildMetaPlugin(buildId),
    guardRouteModuleReloadPlugin(),
    precompressAssetsPlugin(),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
});
