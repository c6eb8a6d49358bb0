/**
 * Browsers on other origins (docs/api/endpoints-and-auth.md#browsers). CORS is answered by Fastify's own
 * plugin through Nest's `enableCors`, in the first request hook — before Nest middleware and before Apollo,
 * so a preflight never reaches Apollo's CSRF check (which stays on for every other request) — on every route.
 * WebSockets have no CORS: a graphql-ws upgrade is checked against the same origins by `originAllowed`.
 *
 * Allowing any origin is the safe default here because no credential travels in a cookie: a token is sent in the
 * `Authorization` header, which a page can only send with a token it holds already. A listed set of origins is for
 * operators who want only their own web client to call the API from a browser.
 */
import type { FastifyCorsOptions } from '@fastify/cors';

/** The request headers a page may send: the token, JSON bodies, and Apollo's CSRF opt-in header. */
export const CORS_ALLOWED_HEADERS = ['authorization', 'content-type', 'apollo-require-preflight'] as const;

/** The response headers a page may read besides the simple ones: how long to wait, and the rate limit. */
export const CORS_EXPOSED_HEADERS = ['retry-after', 'ratelimit', 'ratelimit-policy'] as const;

/** How long a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** The origins of registered third-party apps (src/oauth/), which may call the OAuth endpoints from a page. */
export interface AppOrigins {
  allowsOrigin(origin: string): Promise<boolean>;
}

/** The endpoints an app's page calls itself, the metadata first (docs/api/apps-and-oauth.md#the-endpoints). */
const OAUTH_ENDPOINTS =
  /^\/(oauth\/(token|revoke|introspect)|\.well-known\/oauth-authorization-server)(\?|$)/;

/**
 * With a listed set of origins, the OAuth endpoints also answer the origins of registered apps' redirect URIs
 * (looked up per request, by `apps`): an app's page on its own site exchanges its code and refreshes from the
 * browser. Everything else stays with the list. With any origin allowed, they are allowed already.
 */
export function corsOptions(allowed: 'any' | readonly string[], apps?: AppOrigins): FastifyCorsOptions {
  const options: FastifyCorsOptions = {
    origin: allowed === 'any' ? '*' : [...allowed],
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    exposedHeaders: [...CORS_EXPOSED_HEADERS],
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  };
  if (allowed === 'any' || apps === undefined) return options;
  const { origin: _listed, ...rest } = options;
  return {
    ...rest,
    delegator: (request, callback) => {
      const origin = request.headers.origin;
      const listed = [...allowed];
      if (typeof origin !== 'string' || !OAUTH_ENDPOINTS.test(request.url ?? '') || listed.includes(origin)) {
        callback(null, { ...options, origin: listed });
        return;
      }
      apps.allowsOrigin(origin).then(
        (known) => callback(null, { ...options, origin: known ? [...listed, origin] : listed }),
        // Not known, as far as anyone can tell now: the page gets no CORS headers, the request itself is unharmed.
        () => callback(null, { ...options, origin: listed }),
      );
    },
  };
}

/**
 * Whether a WebSocket upgrade may go on: any origin, a listed one, the server's own (a page it served, the web
 * client: its `Origin` names the host the browser connects to, the request's `Host`), or none at all (a program
 * rather than a page: it could send any `Origin` it liked, so the check is for browsers only). A page elsewhere
 * cannot pass for the server's own: the browser sets both headers.
 */
export function originAllowed(
  allowed: 'any' | readonly string[],
  origin: string | undefined,
  host?: string,
): boolean {
  if (allowed === 'any' || origin === undefined || allowed.includes(origin.toLowerCase())) return true;
  return host !== undefined && hostOf(origin) === host.toLowerCase();
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}
