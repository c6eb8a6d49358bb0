/**
 * The few service-worker types web/src/worker/sw.ts uses. The client's files are typed with the DOM's library
 * (web/tsconfig.json), and TypeScript's WebWorker library cannot join it in one program without clashing (and
 * without giving every page file worker globals such as `clients`), so the worker states what it needs here, after
 * the Service Workers and Push API specifications. `Notification` and `ServiceWorkerRegistration` (with
 * `showNotification`) are the DOM library's own.
 */

export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface PushMessageData {
  text(): string;
}

export interface PushEvent extends ExtendableEvent {
  /** null for a push sent without a payload. */
  readonly data: PushMessageData | null;
}

export interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}

export interface WindowClient {
  /** Absolute. */
  readonly url: string;
  /** Allowed only while a notification click is being handled (the browser refuses it otherwise). */
  focus(): Promise<WindowClient>;
  /** Only for a window this worker controls (hence `clients.claim()` on activation). */
  navigate(url: string): Promise<WindowClient | null>;
}

export interface Clients {
  matchAll(options: {
    readonly type: 'window';
    readonly includeUncontrolled: boolean;
  }): Promise<WindowClient[]>;
  openWindow(url: string): Promise<WindowClient | null>;
  claim(): Promise<void>;
}

/** The NotificationOptions the worker passes: the DOM library's, with `renotify` (alert again on a replaced tag). */
export interface WorkerNotificationOptions extends NotificationOptions {
  renotify?: boolean;
}

interface WorkerEvents {
  install: ExtendableEvent;
  activate: ExtendableEvent;
  push: PushEvent;
  notificationclick: NotificationEvent;
}

/** The worker's global object (`self`), as far as sw.ts uses it. */
export interface WorkerScope {
  readonly location: { readonly origin: string };
  readonly registration: ServiceWorkerRegistration;
  readonly clients: Clients;
  skipWaiting(): Promise<void>;
  addEventListener<Type extends keyof WorkerEvents>(
    type: Type,
    listener: (event: WorkerEvents[Type]) => void,
  ): void;
}
