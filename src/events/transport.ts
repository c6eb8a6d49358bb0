/**
 * How announcements travel between app copies (docs/scaling.md#pushes-between-copies): Postgres's LISTEN/NOTIFY, the
 * default that needs nothing but the database (src/events/postgres-transport.ts), or a NATS server when
 * `EVENTS_URL` names one (src/events/nats-transport.ts). Either way an announcement is published after its change
 * committed, delivered at most once, and heard by every copy — the one that published it too, so a copy treats its
 * own changes as it treats the others'.
 *
 * A transport tells its listener when it may have missed announcements (`lost`) and when it hears them again
 * (`back`): the event bus then catches its subscribers up from the database (src/notifications/event-bus.ts).
 */
import type { Announcement, AnnouncementKind } from './announcements';

export const TRANSPORT_NAMES = ['postgres', 'nats'] as const;
export type TransportName = (typeof TRANSPORT_NAMES)[number];

/** What a transport tells the one who listens (the event bus). */
export interface TransportListener {
  /** An announcement, from any copy: its kind (the transport told it by its channel) and its payload. */
  message(kind: AnnouncementKind, payload: string): void;
  /** Announcements may be missed from now on (the connection was lost), until `back`. */
  lost(reason: string): void;
  /**
   * Announcements are heard again; what was published meanwhile is not repeated. The listener catches up and
   * resolves; if it rejects, the transport counts itself lost again and tries later.
   */
  back(): Promise<void>;
}

/** Bound to the transport `EVENTS_URL` chose (src/events/events.module.ts). */
export abstract class EventTransport {
  abstract readonly name: TransportName;
  /** Connects and hears every channel; resolves once it does (the copy is not ready before). */
  abstract start(listener: TransportListener): Promise<void>;
  /** Publishes announcements of committed changes, in order. Rejects when they could not be handed on. */
  abstract publish(announcements: readonly Announcement[]): Promise<void>;
  abstract stop(): Promise<void>;
}
