/**
 * Web Push on this browser, for the account page (docs/correspondence.md "Web Push", steps 1 and 2): permission,
 * the service worker, and `pushManager.subscribe` with the server's VAPID key. Each way the browser can fail is
 * named in the answer, so the page says it in the reader's language; only a failed read of the key throws (an
 * ApiFailure, shown as any other).
 */
import { activeRegistration } from '../service-worker';

/** Why this browser gets no push subscription. */
export const DEVICE_PROBLEMS = [
  /** No Push API here (or not a secure context, where browsers offer none). */
  'unsupported',
  /** Notifications are blocked for the site. */
  'denied',
  /** The reader closed the browser's question without allowing. */
  'dismissed',
  /** The service worker could not be registered or did not start. */
  'noWorker',
  /** The browser's push service refused or is missing (Debian's Chromium has none). */
  'subscribeFailed',
] as const;
export type DeviceProblem = (typeof DEVICE_PROBLEMS)[number];

/** What `subscribePush` takes: PushSubscription.toJSON()'s endpoint and keys. */
export interface BrowserSubscription {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

export type DeviceAnswer =
  | { readonly ok: true; readonly subscription: BrowserSubscription }
  /** `detail`: what the browser said, when it said something (its error's name and message). */
  | { readonly ok: false; readonly problem: DeviceProblem; readonly detail: string | null };

/** Whether this browser has what Web Push needs: a secure context, service workers, the Push API, notifications. */
export function pushSupported(): boolean {
  return (
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    typeof Notification !== 'undefined'
  );
}

/** A base64url key (the VAPID public key as the API gives it) as bytes, the form every browser takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function described(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

const failed = (problem: DeviceProblem, detail: string | null = null): DeviceAnswer => ({
  ok: false,
  problem,
  detail,
});

/**
 * Subscribes this browser to its push service for the server whose key `publicKey` reads. Permission is asked
 * first, before anything is awaited, since browsers grant the question only in the click that led to it.
 */
export async function subscribeThisBrowser(publicKey: () => Promise<string>): Promise<DeviceAnswer> {
  if (!pushSupported()) return failed('unsupported');
  let permission: NotificationPermission;
  try {
    permission = await Notification.requestPermission();
  } catch (error) {
    return failed('denied', described(error));
  }
  if (permission === 'denied') return failed('denied');
  if (permission !== 'granted') return failed('dismissed');
  const [registration, key] = await Promise.all([activeRegistration(), publicKey()]);
  if (registration === null) return failed('noWorker');
  const options: PushSubscriptionOptionsInit = { userVisibleOnly: true, applicationServerKey: keyBytes(key) };
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe(options);
  } catch (error) {
    // A subscription made for another key (the server's VAPID key changed) blocks a new one: it is dropped and
    // the subscription made afresh, once.
    const old = await registration.pushManager.getSubscription().catch(() => null);
    if (old === null || !(error instanceof DOMException) || error.name !== 'InvalidStateError')
      return failed('subscribeFailed', described(error));
    try {
      await old.unsubscribe();
      subscription = await registration.pushManager.subscribe(options);
    } catch (again) {
      return failed('subscribeFailed', described(again));
    }
  }
  const { endpoint, keys } = subscription.toJSON();
  const p256dh = keys?.['p256dh'];
  const auth = keys?.['auth'];
  if (endpoint === undefined || p256dh === undefined || auth === undefined)
    return failed('subscribeFailed', 'the subscription has no endpoint or keys');
  return { ok: true, subscription: { endpoint, p256dh, auth } };
}
