declare const __BUILD_ID__: string;

interface Window {
  __onRouteModuleLoadError?: (error: unknown) => boolean;
}

/** antd's static stylesheet, made at build time (vite-plugins.ts). */
declare module 'virtual:antd.css';
