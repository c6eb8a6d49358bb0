import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

const PAGE = path.resolve(__dirname, '..', '..', 'public', 'explorer.html');

/** `<script>` elements with their attributes and text (the page is ours: a regex reads it). */
const SCRIPTS = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const STYLES = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
/** Script types a browser runs; any other (the page's `application/graphql` examples) is data it never runs. */
const RUN_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/**
 * The CSP source for an inline block: the SHA-256 of its text as the browser reads it (HTML turns every CR LF and
 * lone CR into LF before anything else).
 */
function hashSource(text: string): string {
  const read = text.replace(/\r\n?/g, '\n');
  return `'sha256-${createHash('sha256').update(read, 'utf8').digest('base64')}'`;
}

/**
 * The explorer's own Content-Security-Policy: what the page needs and nothing more — its one inline script and
 * stylesheet, named by their hashes (computed from the file served, so an edit of the page keeps its policy), its
 * `data:` favicon, and requests to this origin (`connect-src 'self'` covers /graphql over fetch and its graphql-ws
 * socket on the same host). No other script, style, frame, form target or `<base>`; and no page may frame it. The
 * explorer shares the web client's origin, whose token is in localStorage: an injected script or a framing page
 * would reach it.
 */
export function explorerPolicy(html: string): string {
  const scripts = [...html.matchAll(SCRIPTS)]
    .filter(([, attributes]) => RUN_TYPES.has(/\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes!)?.[1] ?? ''))
    .map(([, , text]) => hashSource(text!));
  const styles = [...html.matchAll(STYLES)].map(([, text]) => hashSource(text!));
  return [
    "default-src 'none'",
    `script-src ${scripts.join(' ') || "'none'"}`,
    `style-src ${styles.join(' ') || "'none'"}`,
    'img-src data:',
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The offline GraphQL explorer (public/explorer.html): no CDN, everything is served from here, under its own policy
 * (`explorerPolicy`) and refused to frames (`X-Frame-Options` for browsers that predate `frame-ancestors`). `/` is the
 * web client.
 */
@Controller()
export class ExplorerController {
  private readonly html = fs.readFileSync(PAGE, 'utf8');
  private readonly headers = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-cache',
    'Content-Security-Policy': explorerPolicy(this.html),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  } as const;

  @Get('explorer')
  page(@Res({ passthrough: true }) reply: FastifyReply): string {
    void reply.headers(this.headers);
    return this.html;
  }
}
