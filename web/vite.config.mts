/**
 * The web client's build (docs/web.md): web/ into dist/web, hashed files under assets/, no inline script or
 * style in index.html (the Content-Security-Policy forbids them), so no module-preload polyfill is injected.
 * The service worker (web/src/worker/sw.ts) is built beside it as dist/web/sw.js: one classic script bundled by
 * esbuild, at a fixed name (a worker's url is its identity: a hashed name would register a new worker per build)
 * and with nothing imported at run time (a module worker is not yet in every browser).
 */
import * as path from 'node:path';
import { build } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

const SERVICE_WORKER = path.join(import.meta.dirname, 'src', 'worker', 'sw.ts');

function serviceWorker(): Plugin {
  return {
    name: 'malice-service-worker',
    apply: 'build',
    async generateBundle() {
      const built = await build({
        entryPoints: [SERVICE_WORKER],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        logLevel: 'warning',
      });
      const [output] = built.outputFiles;
      if (output === undefined) throw new Error('esbuild wrote no service worker');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: output.text });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  publicDir: path.join(import.meta.dirname, 'public'),
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [serviceWorker()],
  build: {
    outDir: path.join(import.meta.dirname, '..', 'dist', 'web'),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: 'es2022',
    reportCompressedSize: false,
  },
});
