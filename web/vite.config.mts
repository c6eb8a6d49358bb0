/**
 * The web client's build (docs/web.md): web/ into dist/web, hashed files under assets/, no inline script or
 * style in index.html (the Content-Security-Policy forbids them), so no module-preload polyfill is injected.
 */
import * as path from 'node:path';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  publicDir: path.join(import.meta.dirname, 'public'),
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: path.join(import.meta.dirname, '..', 'dist', 'web'),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: 'es2022',
    reportCompressedSize: false,
  },
});
