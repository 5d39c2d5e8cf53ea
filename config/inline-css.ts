/**
 * The start-up stylesheet written into the page instead of linked (APP-4, MENU-8): the browser would
 * otherwise hold the first render until one more file arrives. Only the stylesheets of the start-up
 * chunks up to `maxBytes` each (the app's global styles, about 1.5 KB); page styles keep loading with
 * their chunks. The server's policy allows inline styles (server/src/http/security-headers.ts).
 */
import HtmlWebpackPlugin from 'html-webpack-plugin';
import type { Compiler } from 'webpack';

export class InlineStartupCssPlugin {
  constructor(private readonly maxBytes: number) {}

  apply(compiler: Compiler): void {
    compiler.hooks.compilation.tap('InlineStartupCssPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('InlineStartupCssPlugin', (data) => {
        data.headTags = data.headTags.map((tag) => {
          const href = tag.tagName === 'link' && tag.attributes.rel === 'stylesheet' ? tag.attributes.href : undefined;
          if (typeof href !== 'string') return tag;
          const name = href.replace(/^\.?\//, '');
          const asset = compilation.getAsset(name);
          if (!asset) return tag;
          const css = asset.source.source().toString();
          // a relative url() would resolve against the page instead of css/: such a sheet stays linked
          if (Buffer.byteLength(css) > this.maxBytes || /url\((?!\s*['"]?(?:data:|https?:|\/))/.test(css)) return tag;
          return HtmlWebpackPlugin.createHtmlTagObject('style', {}, css.replace(/\/\*# sourceMappingURL=.*?\*\/\s*$/, ''));
        });
        return data;
      });
    });
  }
}
