declare const __BUILD_ID__: string;

interface Window {
  __onRouteModuleLoadError?: (error: unknown) => boolean;
}
