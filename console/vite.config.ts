/**
 * The staff console's build: `npm run build:console` → dist/console/, served by the server under
 * /console/. React's JSX through Vite's own esbuild (no React plugin: Taro's pins Vite 4).
 */
import path from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: __dirname,
  base: '/console/',
  publicDir: false,
  esbuild: { jsx: 'automatic' },
  define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') },
  build: {
    outDir: path.resolve(__dirname, '../dist/console'),
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 400,
  },
  server: { fs: { allow: [path.resolve(__dirname, '..')] } },
});
