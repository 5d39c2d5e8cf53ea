/**
 * The launch page's chunks asked for by the page itself, before the start-up script has run (MENU-8,
 * APP-4). Without it the browser learns of a page's chunks only once the start-up script has been
 * evaluated and the router asks for the page: the menu's chunks, and then the menu's calls, wait for
 * that evaluation. An inline script in index.html reads the launch route from the location hash and
 * adds a low-priority `<link rel="preload">` for each script and stylesheet that route will load, so
 * they download while the start-up script is still evaluated. Routes that open the menu also
 * preload the ordering chunk (src/stores/ordering-loader.h5.ts), which the launch boot asks for.
 *
 * The server's policy allows this inline script by its sha256 (server/src/http/security-headers.ts).
 */
import HtmlWebpackPlugin from 'html-webpack-plugin';
import path from 'node:path';
import type { Chunk, ChunkGroup, Compilation, Compiler } from 'webpack';

export interface LaunchPreloadOptions {
  /** The directory of the page modules (`src/pages/`). */
  pagesDir: string;
  /** Routes whose launch loads the ordering chunk as well (boot.ts ORDERING_ENTRY_ROUTES). */
  orderingRoutes: readonly string[];
  /** The name of the ordering chunk. */
  orderingChunk: string;
  /** The route of an empty hash (the entry page). */
  entryRoute: string;
  /** The language a launch without a stored one uses (zh-CN; en in the overseas build). */
  defaultLanguage: string;
  /** The languages a customer may have stored (storage key `language`). */
  languages: readonly string[];
}

/** The files of a chunk group's chunks, minus those the page already loads. */
function groupFiles(group: ChunkGroup, initial: Set<string>): string[] {
  const files: string[] = [];
  for (const chunk of group.chunks as Chunk[]) {
    for (const file of chunk.files) {
      if (!/\.(js|css)$/.test(file) || initial.has(file)) continue;
      if (!files.includes(file)) files.push(file);
    }
  }
  return files;
}

/** The route (e.g. `pages/user/index-tab-1`) a page module file stands for, or null. */
function routeOf(resource: string | undefined, pagesDir: string): string | null {
  if (!resource) return null;
  const file = resource.split('?')[0];
  if (!file.startsWith(pagesDir) || !/\.tsx?$/.test(file)) return null;
  const rel = path.relative(path.dirname(pagesDir), file).replace(/\\/g, '/');
  return rel.replace(/\.tsx?$/, '');
}

/** route → files to preload, for every page loaded by its own async chunk group. */
export function launchPreloadMap(compilation: Compilation, options: LaunchPreloadOptions): Record<string, string[]> {
  const pagesDir = path.resolve(options.pagesDir) + path.sep;
  const initial = new Set<string>();
  for (const entry of compilation.entrypoints.values()) for (const chunk of entry.chunks) for (const f of chunk.files) initial.add(f);
  const out: Record<string, string[]> = {};
  let ordering: string[] = [];
  for (const group of compilation.chunkGroups) {
    if (group.isInitial()) continue;
    if (group.name === options.orderingChunk) ordering = groupFiles(group, initial);
    for (const origin of group.origins) {
      const dep = origin.request;
      if (!dep || !origin.module) continue;
      // the page module this import names: among the group's chunks' modules, the one whose file is the request
      for (const chunk of group.chunks) {
        for (const m of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
          // a concatenated module stands for its root module's file
          const mod = m as { resource?: string; rootModule?: { resource?: string } };
          const resource = mod.resource ?? mod.rootModule?.resource;
          const route = routeOf(resource, pagesDir);
          if (route === null) continue;
          if (!dep.replace(/\?.*$/, '').replace(/\.tsx?$/, '').endsWith(route)) continue;
          out[route] = groupFiles(group, initial);
        }
      }
    }
  }
  for (const route of options.orderingRoutes) {
    if (!out[route]) continue;
    for (const f of ordering) if (!out[route].includes(f)) out[route].push(f);
  }
  return out;
}

/**
 * The inline script: a table of the distinct files and, per route, their indexes in it; the hash's
 * route picks its row. `publicPath` prefixes each file (the build's relative `./`).
 */
export function launchPreloadScript(map: Record<string, string[]>, options: LaunchPreloadOptions, publicPath: string): string {
  const { entryRoute, defaultLanguage, languages } = options;
  const files: string[] = [];
  const routes: Record<string, number[]> = {};
  for (const [route, list] of Object.entries(map)) {
    routes[route] = list.map((f) => {
      let i = files.indexOf(f);
      if (i < 0) i = files.push(f) - 1;
      return i;
    });
  }
  return (
    '(function(f,r){' +
    // only the start-up script's own language (zh-CN): with another, the app draws nothing until that
    // language's chunk is in, and a page whose chunks arrived first was lost by Taro's router
    `var g;try{g=JSON.parse(localStorage.getItem("language")).data}catch(x){}if(${JSON.stringify(languages)}.indexOf(g)<0)g=${JSON.stringify(defaultLanguage)};if(g!=="zh-CN")return;` +
    `var h=location.hash.replace(/^#\\/?/,"").split("?")[0].replace(/\\/$/,"")||${JSON.stringify(entryRoute)};` +
    'var l=r[h];if(!l)return;' +
    'for(var i=0;i<l.length;i++){var e=document.createElement("link"),u=f[l[i]];' +
    'e.rel="preload";e.as=/\\.css$/.test(u)?"style":"script";e.href=' +
    `${JSON.stringify(publicPath)}+u;` +
    'e.setAttribute("fetchpriority","low");document.head.appendChild(e)}' +
    `})(${JSON.stringify(files)},${JSON.stringify(routes)});`
  );
}

export class LaunchPreloadPlugin {
  constructor(private readonly options: LaunchPreloadOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('LaunchPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('LaunchPreloadPlugin', (data) => {
        const map = launchPreloadMap(compilation, this.options);
        const publicPath = typeof compilation.outputOptions.publicPath === 'string' ? compilation.outputOptions.publicPath : '';
        const script = launchPreloadScript(map, this.options, publicPath === 'auto' ? '' : publicPath);
        // after the start-up scripts' own tags: those are asked for first
        data.headTags.push(HtmlWebpackPlugin.createHtmlTagObject('script', {}, script));
        return data;
      });
    });
  }
}
