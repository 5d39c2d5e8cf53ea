/**
 * Opt-in build report (BUNDLE_STATS=<file>): for every emitted chunk, its files, whether it is
 * initial, and its modules with their sizes — the evidence behind the loading split (APP-4) without
 * an analyser package. Sizes are webpack's module sizes before minification.
 */
import { writeFileSync } from 'node:fs';
import type { Compiler } from 'webpack';

interface ChunkReport {
  id: string | number | null;
  names: string[];
  files: string[];
  initial: boolean;
  size: number;
  modules: { id: string | number | null; name: string; size: number }[];
}

export class BundleStatsPlugin {
  constructor(private readonly outFile: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.done.tap('BundleStatsPlugin', (stats) => {
      const { compilation } = stats;
      const { chunkGraph } = compilation;
      const chunks: ChunkReport[] = [];
      for (const chunk of compilation.chunks) {
        const modules = chunkGraph
          .getChunkModules(chunk)
          .map((m) => ({ id: chunkGraph.getModuleId(m), name: m.readableIdentifier(compilation.requestShortener), size: m.size() }))
          .sort((a, b) => b.size - a.size);
        chunks.push({
          id: chunk.id,
          names: chunk.name ? [chunk.name] : [],
          files: [...chunk.files],
          initial: chunk.canBeInitial(),
          size: modules.reduce((sum, m) => sum + m.size, 0),
          modules,
        });
      }
      chunks.sort((a, b) => b.size - a.size);
      writeFileSync(this.outFile, JSON.stringify(chunks, null, 1));
    });
  }
}
