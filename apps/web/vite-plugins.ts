import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const antdStylesId = 'virtual:antd.css';
/** Resolved id: ends in `.css`, so Vite's CSS pipeline bundles it into a hashed stylesheet. */
const antdStylesResolved = '\0fuliaotong-antd.css';

/**
 * antd's styles as a static stylesheet (docs/decisions/0029-static-styles-and-a-javascript-budget.md):
 * `import 'virtual:antd.css'` (in antd's scope, app/lib/antd-scope.tsx) yields, at build time, the CSS of every antd
 * component the app imports, with the site's theme, extracted by antd's whole-export tool
 * (`@ant-design/static-style-extract`). The theme's `zeroRuntime` stops the components from making
 * styles at run time, so a component missing from this file renders unstyled: the list is read from
 * the sources (antd-styles.ts).
 */
export function antdStaticStylesPlugin(options: { appDirectory: string }): Plugin {
  let css: Promise<string> | undefined;
  let building = false;
  return {
    name: 'fuliaotong:antd-static-styles',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id === antdStylesId ? antdStylesResolved : null;
    },
    load(id) {
      if (id !== antdStylesResolved) return null;
      // Imported here, not at the top: antd's class-name prefix depends on NODE_ENV, which Vite has
      // set for the build by the time modules load.
      // In the layer `antd` in the build, where the shell's stylesheet is a layer as well (shellStylesheetLayerPlugin).
      css ??= import('./antd-styles.ts').then(async ({ extractAntdStyles }) => {
        const styles = await extractAntdStyles(options.appDirectory);
        return building ? antdLayer(styles) : styles;
      });
      return css;
    },
  };
}

/**
 * The cascade layers of the site's production stylesheets, lowest first (docs/decisions/0048): the
 * shell's stylesheet (global.css, the header, footer and shared components: the root route's chunk's),
 * then antd's. Every other rule of the site — a page's, a feature's, a layout's, the site's rules for
 * antd's components — is outside any layer and so wins over both, whatever the order of the
 * <link>s in <head>: that order changes with the way a page is reached (a client navigation adds the
 * next page's stylesheets after those already there; a lazily loaded module adds its chunks'
 * stylesheets again after them).
 */
const layerOrder = '@layer shell, antd;';

/** antd's styles in the layer `antd` (with the order of the layers, for a page where this stylesheet comes first). */
export function antdLayer(css: string): string {
  return `${layerOrder}\n@layer antd {\n${css}\n}\n`;
}

/**
 * Puts the shell's stylesheet — that of the chunk holding the root route (`rootModule`), loaded on every
 * page — in the layer `shell`, below antd's and below every other stylesheet of the site (see
 * `layerOrder`). Within the layer the shell's rules keep their order and weights. The stylesheet is
 * renamed after its new content: it is cached for a year under its name.
 */
export function shellStylesheetLayerPlugin(rootModule: string): Plugin {
  return {
    name: 'fuliaotong:shell-stylesheet-layer',
    apply: 'build',
    // Before Vite's own last steps, which write the stylesheets' names into the preload lists and the manifest.
    enforce: 'post',
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return;
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const shell = chunks.find((chunk) => chunk.moduleIds.includes(rootModule));
      const stylesheets = [...(shell?.viteMetadata?.importedCss ?? [])];
      if (stylesheets.length === 0) this.error(`no stylesheet of the chunk holding ${rootModule} to put in the layer "shell"`);
      for (const fileName of stylesheets) {
        const asset = bundle[fileName];
        if (asset?.type !== 'asset') this.error(`the shell's stylesheet ${fileName} is not in the bundle`);
        const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        const layered = `${layerOrder}@layer shell{${css}}`;
        const hash = createHash('sha256').update(layered).digest('base64url').slice(0, 8);
        const renamed = fileName.replace(/-[\w-]{8}\.css$/, `-${hash}.css`);
        if (renamed === fileName) this.error(`the shell's stylesheet ${fileName} is not named [name]-[hash].css`);
        delete bundle[fileName];
        this.emitFile({ type: 'asset', fileName: renamed, source: layered });
        for (const chunk of chunks) {
          if (chunk.viteMetadata?.importedCss.delete(fileName)) chunk.viteMetadata.importedCss.add(renamed);
        }
      }
    },
  };
}

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every script, stylesheet and SVG of
 * the browser build; the server sends them as they are to browsers that accept them
 * (`@fastify/static`'s `preCompressed`), so the strongest settings cost nothing per request.
 */
export function precompressAssetsPlugin(): Plugin {
  return {
    name: 'fuliaotong:precompress-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.config.consumer !== 'client' || !options.dir) return;
      const files = Object.values(bundle).filter((file) => /\.(js|css|svg|json)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = file.type === 'chunk' ? file.code : file.source;
          const bytes = Buffer.from(source);
          const target = path.join(options.dir!, file.fileName);
          const [br, gzipped] = await Promise.all([
            brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/** What a chunk group's name function is given: the module graph as the bundler knows it. */
interface ChunkingContext {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

/**
 * Modules that load together, each set in one chunk (docs/decisions/0036-an-antd-free-public-shell.md),
 * instead of dozens of small shared chunks: one file and one stylesheet per set means far fewer
 * requests before the first paint on a slow connection. A set is every module its anchors import
 * statically, with their CSS; a module in an earlier set stays there. Modules loaded with `import()`
 * stay out, and so do modules matching `stopAt` and what only they import: a barrel module such as
 * antd's index, whose static imports are the whole library (its set names the modules it needs).
 */
export function loadTogetherGroups(sets: Array<{ name: string; anchors: string[] }>, stopAt?: RegExp) {
  let owner: Map<string, string> | undefined;
  const assign = (context: ChunkingContext) => {
    const owners = new Map<string, string>();
    for (const { name, anchors } of sets) {
      const stack = [...anchors];
      for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
        if (owners.has(id) || stopAt?.test(id)) continue;
        const info = context.getModuleInfo(id);
        if (!info) continue;
        owners.set(id, name);
        stack.push(...info.importedIds);
      }
    }
    return owners;
  };
  // One group per set, the earlier first: a group also takes the modules its modules import.
  return sets.map(({ name }, index) => ({
    name: (id: string, context: ChunkingContext) => {
      owner ??= assign(context);
      return owner.get(id) === name ? name : null;
    },
    priority: sets.length - index,
  }));
}
