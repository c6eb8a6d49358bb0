/**
 * The web client (web/, built by `npm run build` into dist/web) served at `/` through Fastify, so CORS, logs and
 * the access gate see its requests as they see every other (docs/web.md). Every built file has a `.br` and a `.gz`
 * beside it (scripts/compress-web.mjs): @fastify/static answers with the one the browser accepts. Hashed assets
 * are cached for a year; index.html is revalidated every time and carries the Content-Security-Policy. Every other
 * file is revalidated every time too: among them the service worker /sw.js, which must be, so that browsers pick up
 * a new version of it, and the web app manifest (send's types: application/javascript and
 * application/manifest+json). A path the client routes itself (e.g. /games/123) answers index.html; the API's own
 * paths are never taken over.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Beside dist/ whether this runs compiled (dist/http) or from the sources (src/http, in the db tests). */
export const WEB_ROOT = path.resolve(__dirname, '..', '..', 'dist', 'web');

/**
 * Only what the page needs: its own scripts, styles and API, no inline code, no framing. `connect-src 'self'`
 * covers the graphql-ws socket to the same host (ws: and wss: of the page's own origin, CSP Level 3).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Paths that belong to the API, the explorer and the test controls: never answered with the client's page. */
const SERVER_PATHS = /^\/(graphql|api|health|metrics|explorer|test|mail)(\/|$|\?)/;
/**
 * Missing files (a stale hashed asset, any name with an extension) are a 404, not the page. Judged on the path
 * alone: a query may hold a dot (a signed link's `t=<body>.<signature>`), and is the page's to read.
 */
const FILE_LIKE = /^\/assets\/|\.[A-Za-z0-9]+$/;

type HeaderTarget = Pick<FastifyReply, 'header'>;

function securityHeaders(res: HeaderTarget): void {
  res.header('X-Content-Type-Options', 'nosniff');
  res.header('Referrer-Policy', 'no-referrer');
}

function pageHeaders(res: HeaderTarget): void {
  securityHeaders(res);
  res.header('Cache-Control', 'no-cache');
  res.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
}

/** Mounts the built client, when there is one (a server built without it serves the API alone). */
export function serveWebClient(app: NestFastifyApplication): void {
  if (!fs.existsSync(path.join(WEB_ROOT, 'index.html'))) return;
  // Registered as the Fastify plugin itself: Nest's useStaticAssets types `setHeaders` after an older version.
  void app.register(fastifyStatic, {
    root: WEB_ROOT,
    prefix: '/',
    // One route per built file, so the fallback below can own every other path.
    wildcard: false,
    preCompressed: true,
    index: ['index.html'],
    setHeaders(res, filePath) {
      const relative = path.relative(WEB_ROOT, filePath).split(path.sep).join('/');
      if (relative.startsWith('assets/')) {
        securityHeaders(res);
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else if (/\.html(\.br|\.gz)?$/.test(relative)) {
        pageHeaders(res);
      } else {
        // The favicon, the icons, the manifest and /sw.js (a stale worker script would keep an old worker).
        securityHeaders(res);
        res.header('Cache-Control', 'no-cache');
      }
    },
  });
  app
    .getHttpAdapter()
    .getInstance()
    .get('/*', (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?', 1)[0]!;
      if (SERVER_PATHS.test(request.url) || FILE_LIKE.test(path)) return reply.callNotFound();
      return reply.sendFile('index.html');
    });
}
