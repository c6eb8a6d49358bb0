/**
 * What a Web Push message to the web client carries: the server encrypts this JSON for the browser's push service,
 * and the service worker (web/src/worker/sw.ts) shows it as a notification. The shape is the server's own type; on
 * the client's side the worker and any page code read a payload only through `parsePushPayload`, which also decides
 * what is safe to open when the notification is clicked.
 *
 * No DOM types here: the worker's bundle and the tests in Node import it too.
 */
import { TELLABLE_KINDS } from '../../src/notifications/notification-settings';
import type { PushKind, PushPayload } from '../../src/push/push-message';

// The payload's shape is the server's (src/push/push-message.ts), written once there.
export type { PushKind, PushPayload } from '../../src/push/push-message';

/** Why a push is sent: a player event kind the service still tells, or a test push from the account page. */
export const PUSH_KINDS: readonly PushKind[] = [...TELLABLE_KINDS, 'TEST'];

/**
 * What a push that cannot be read (not JSON, another version or shape, a url that is not a path of this origin)
 * shows: a push without a notification is held against the site by browsers, so something is always shown.
 */
export const FALLBACK_PUSH = {
  title: 'Malice: something happened',
  body: '',
  url: '/',
  // renotify needs a tag: showNotification refuses it without one.
  tag: 'malice',
} as const;

/** The parts of a payload a notification is shown from: a parsed one, or the fallback. */
export type ShownPush = Pick<PushPayload, 'title' | 'body' | 'url' | 'tag'>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isKind = (value: unknown): value is PushKind =>
  typeof value === 'string' && (PUSH_KINDS as readonly string[]).includes(value);

/**
 * Whether `url` is a path of `origin` ("/games/1", not "//elsewhere" nor "/\elsewhere", which browsers read as
 * another host): only such a url is opened on a click, so a push cannot send the reader off the site.
 */
export function isSameOriginPath(url: string, origin: string): boolean {
  if (!url.startsWith('/')) return false;
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}

/** A push's text as a version-1 payload, or null when it is anything else. */
export function parsePushPayload(text: string | null, origin: string): PushPayload | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.v !== 1 || !isKind(value.kind)) return null;
  const { title, body, url, tag, gameId } = value;
  if (typeof title !== 'string' || title === '' || typeof body !== 'string') return null;
  if (typeof url !== 'string' || !isSameOriginPath(url, origin)) return null;
  if (typeof tag !== 'string' || tag === '') return null;
  if (gameId !== null && typeof gameId !== 'string') return null;
  return { v: 1, kind: value.kind, title, body, url, tag, gameId };
}

/** What a push's text shows: its own title, body, url and tag, or the fallback's. */
export function shownPush(text: string | null, origin: string): ShownPush {
  return parsePushPayload(text, origin) ?? FALLBACK_PUSH;
}
