import type { Plugin } from 'vite';

/** Writes `build-meta.json` ({ id, timestamp }) beside the browser assets; the server reads it at boot. */
export function buildMetaPlugin(buildId: string): Plugin {
  return {
    name: 'fuliaotong:build-meta',
    apply: 'build',
    generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      this.emitFile({
        type: 'asset',
        fileName: 'build-meta.json',
        source: JSON.stringify({ id: buildId, timestamp: Date.now() }),
      });
    },
  };
}

const routeModuleFailure = 'Error loading route module';
const reloadCall = 'window.location.reload();';

/**
 * React Router reloads the page whenever a route module fails to load, every time. We hand that
 * decision to `globalThis.__onRouteModuleLoadError` (app/lib/chunk-reload.ts), which allows one reload
 * per path every 10 s and otherwise lets the error reach the error view. The build fails loudly if a
 * React Router upgrade changes the code this relies on.
 */
export function guardRouteModuleReloadPlugin(): Plugin {
  let patched = false;
  return {
    name: 'fuliaotong:guard-route-module-reload',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('react-router') || !code.includes(routeModuleFailure)) return null;
      const at = code.indexOf(reloadCall, code.indexOf(routeModuleFailure));
      if (at < 0) this.error(`react-router changed: no "${reloadCall}" after "${routeModuleFailure}" in ${id}`);
      patched = true;
      // Not `throw error`: React Router drops a failed route-module load on a navigation to a route
      // without a clientLoader (single fetch only keeps loader results), leaving a blank page. A
      // stand-in module that throws when it renders (or loads) takes the error to the error view.
      const guarded =
        'if (typeof globalThis.__onRouteModuleLoadError === "function") {' +
        ' if (!globalThis.__onRouteModuleLoadError(error)) return {' +
        ' default() { throw error; }, clientLoader() { throw error; } }; } else window.location.reload();';
      return { code: code.slice(0, at) + guarded + code.slice(at + reloadCall.length), map: null };
    },
    buildEnd(error) {
      if (!error && this.environment.config.consumer === 'client' && !patched) {
        this.error('react-router changed: the route-module reload guard found nothing to patch');
      }
    },
  };
}
