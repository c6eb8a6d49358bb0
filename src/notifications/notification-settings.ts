/**
 * A player's settings for being told (docs/correspondence.md#preferences): which kinds of player event each channel
 * carries, the language messages are written in, the player's time zone and quiet hours. Pure: the times it judges
 * are inputs. Stored in `notification_settings` (src/notifications/notification-settings.repository.ts); no row
 * means the defaults below, and a channel's kinds left unset follow its defaults as they change.
 */
import { PLAYER_EVENT_KINDS, type PlayerEventKind } from './player-event-kinds';

/** Where a player can be told: in the page (the web client's own notifications), by Web Push, by e-mail. */
export const NOTIFICATION_CHANNELS = ['page', 'push', 'mail'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The languages messages are written in (the web client's too: web/src/i18n.ts). */
export const MESSAGE_LANGUAGES = ['en', 'sv', 'ru'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** The kinds a player can choose to be told of: every kind the running service still tells. */
export const TELLABLE_KINDS = PLAYER_EVENT_KINDS.filter(
  (kind): kind is Exclude<PlayerEventKind, 'GAME_UNRATED'> => kind !== 'GAME_UNRATED',
);
export type TellableKind = (typeof TELLABLE_KINDS)[number];

/**
 * What each channel carries until the player chooses: in the page, everything; by push, what needs an answer
 * (your turn, a deadline soon, a challenge) — "you lost on time" is never the first push: the reminder comes
 * first; by e-mail, nothing but the daily digest (at most a mail or two a day).
 */
export const DEFAULT_KINDS: Readonly<Record<NotificationChannel, readonly TellableKind[]>> = {
  page: TELLABLE_KINDS,
  push: ['YOUR_TURN', 'CHALLENGE_RECEIVED', 'REMINDER'],
  mail: [],
};

/** The digest of games awaiting the player goes at 08:00 in their time zone unless they choose. */
export const DEFAULT_DIGEST_MINUTE = 8 * 60;

/** Quiet hours, in minutes after midnight in the player's time zone; `from > to` wraps past midnight. */
export interface QuietHours {
  readonly from: number;
  readonly to: number;
}

export interface NotificationSettings {
  readonly timeZone: string;
  readonly language: MessageLanguage;
  readonly quietHours: QuietHours | null;
  /** Per channel: the kinds chosen, or null for the channel's defaults. */
  readonly kinds: Readonly<Record<NotificationChannel, readonly TellableKind[] | null>>;
  /** When the daily digest mail goes, in minutes after midnight in the player's time zone; null: no digest. */
  readonly digestMinute: number | null;
}

export const DEFAULT_SETTINGS: NotificationSettings = {
  timeZone: 'UTC',
  language: 'en',
  quietHours: null,
  kinds: { page: null, push: null, mail: null },
  digestMinute: DEFAULT_DIGEST_MINUTE,
};

const MINUTES_A_DAY = 24 * 60;

/** The kinds `channel` carries for a player with `settings`. */
export function kindsOf(
  settings: NotificationSettings,
  channel: NotificationChannel,
): readonly TellableKind[] {
  return settings.kinds[channel] ?? DEFAULT_KINDS[channel];
}

/** Whether `name` is an IANA time zone this runtime knows. */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The minutes after local midnight at `at` in `timeZone`. */
export function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: 'hour' | 'minute'): number => Number(parts.find((entry) => entry.type === type)!.value);
  return part('hour') * 60 + part('minute');
}

function inQuietHours(minute: number, quiet: QuietHours): boolean {
  return quiet.from < quiet.to
    ? minute >= quiet.from && minute < quiet.to
    : minute >= quiet.from || minute < quiet.to;
}

/**
 * When quiet hours that hold `at` end (the first whole minute outside them, local time), or null when `at` is not
 * in quiet hours. Counted in minutes, then corrected for a change of the clocks in between (the local time at the
 * end must be the end's).
 */
export function quietUntil(at: Date, settings: NotificationSettings): Date | null {
  const quiet = settings.quietHours;
  if (quiet === null) return null;
  const minute = minuteOfDay(at, settings.timeZone);
  if (!inQuietHours(minute, quiet)) return null;
  const left = (quiet.to - minute + MINUTES_A_DAY) % MINUTES_A_DAY;
  const startOfMinute = at.getTime() - (at.getTime() % 60_000);
  let until = startOfMinute + left * 60_000;
  for (let correction = 0; correction < 2; correction++) {
    // Off by the clocks' change (an hour, mostly): moved by the difference in local minutes, the short way round.
    const off =
      ((quiet.to - minuteOfDay(new Date(until), settings.timeZone) + (3 * MINUTES_A_DAY) / 2) %
        MINUTES_A_DAY) -
      MINUTES_A_DAY / 2;
    if (off === 0) break;
    until += off * 60_000;
  }
  return new Date(until);
}

/**
 * Until when a push or mail of `kind` is held, or null to send it now: quiet hours hold everything, except a
 * deadline reminder whose deadline falls inside them (held, it would arrive after the game was lost), and a TEST
 * the player just asked for.
 */
export function heldUntil(
  at: Date,
  settings: NotificationSettings,
  kind: PlayerEventKind | 'TEST',
  deadline: Date | null,
): Date | null {
  if (kind === 'TEST') return null;
  const until = quietUntil(at, settings);
  if (until === null) return null;
  if (kind === 'REMINDER' && deadline !== null && deadline.getTime() <= until.getTime()) return null;
  return until;
}

/** A refusal of a settings change: which field, and why. */
export interface SettingsProblem {
  readonly field: string;
  readonly message: string;
}

/** What a player may change; what is left out stays as it is. */
export interface SettingsChange {
  readonly timeZone?: string;
  readonly language?: MessageLanguage;
  /** null: no quiet hours. */
  readonly quietHours?: QuietHours | null;
  /** Per channel: the kinds, or null for the defaults again. */
  readonly kinds?: Partial<Record<NotificationChannel, readonly TellableKind[] | null>>;
  /** null: no digest. */
  readonly digestMinute?: number | null;
}

/** The settings after `change`, or what is wrong with it. */
export function changedSettings(
  settings: NotificationSettings,
  change: SettingsChange,
):
  | { readonly ok: true; readonly settings: NotificationSettings }
  | { readonly ok: false; readonly problem: SettingsProblem } {
  if (change.timeZone !== undefined && !isTimeZone(change.timeZone)) {
    return {
      ok: false,
      problem: { field: 'timeZone', message: `timeZone: ${change.timeZone} is no IANA time zone` },
    };
  }
  const quiet = change.quietHours;
  if (quiet !== undefined && quiet !== null) {
    const valid = (minute: number): boolean =>
      Number.isInteger(minute) && minute >= 0 && minute < MINUTES_A_DAY;
    if (!valid(quiet.from) || !valid(quiet.to) || quiet.from === quiet.to) {
      return {
        ok: false,
        problem: {
          field: 'quietHours',
          message: 'quietHours: from and to are minutes after midnight (0–1439), and differ',
        },
      };
    }
  }
  const digest = change.digestMinute;
  if (
    digest !== undefined &&
    digest !== null &&
    !(Number.isInteger(digest) && digest >= 0 && digest < MINUTES_A_DAY)
  ) {
    return {
      ok: false,
      problem: {
        field: 'digestMinute',
        message: 'digestMinute: minutes after midnight (0–1439), or null for none',
      },
    };
  }
  const kinds = { ...settings.kinds };
  for (const channel of NOTIFICATION_CHANNELS) {
    const chosen = change.kinds?.[channel];
    // Each kind once, in the vocabulary's order: what is stored does not depend on how the client listed it.
    if (chosen !== undefined)
      kinds[channel] = chosen === null ? null : TELLABLE_KINDS.filter((kind) => chosen.includes(kind));
  }
  return {
    ok: true,
    settings: {
      timeZone: change.timeZone ?? settings.timeZone,
      language: change.language ?? settings.language,
      quietHours: quiet === undefined ? settings.quietHours : quiet,
      kinds,
      digestMinute: digest === undefined ? settings.digestMinute : digest,
    },
  };
}

/** A list of kinds as an SQL array literal, for defaults written into a statement (the kinds are our own words). */
export function sqlKindArray(kinds: readonly TellableKind[]): string {
  return `ARRAY[${kinds.map((kind) => `'${kind}'`).join(', ')}]::text[]`;
}
