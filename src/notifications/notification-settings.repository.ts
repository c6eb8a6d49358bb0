/**
 * `notification_settings`: the notifications module writes its table here and nowhere else. A player without a row
 * has the defaults (src/notifications/notification-settings.ts); the first change writes the row.
 */
import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import {
  DEFAULT_SETTINGS,
  MESSAGE_LANGUAGES,
  type MessageLanguage,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationSettings,
  TELLABLE_KINDS,
  type TellableKind,
} from './notification-settings';

/** The columns of a `notification_settings` row, as a statement that joins the table reads them. */
export interface SettingsColumns {
  readonly time_zone: string | null;
  readonly language: string | null;
  readonly quiet_from: number | null;
  readonly quiet_to: number | null;
  /** Per channel, the kinds chosen (a channel left out: its defaults). */
  readonly kinds: Readonly<Record<string, unknown>> | null;
  /** Undefined when the statement did not read it (no row reads as the default). */
  readonly digest_minute?: number | null;
}

/** Settings from a row's columns (all null: no row, the defaults); unknown words are dropped, never trusted. */
export function settingsOfColumns(row: SettingsColumns): NotificationSettings {
  const kinds = (channel: NotificationChannel): TellableKind[] | null => {
    const stored = row.kinds?.[channel];
    return Array.isArray(stored) ? TELLABLE_KINDS.filter((kind) => stored.includes(kind)) : null;
  };
  const language = (MESSAGE_LANGUAGES as readonly string[]).includes(row.language ?? '')
    ? (row.language as MessageLanguage)
    : DEFAULT_SETTINGS.language;
  return {
    timeZone: row.time_zone ?? DEFAULT_SETTINGS.timeZone,
    language,
    quietHours:
      row.quiet_from === null || row.quiet_to === null ? null : { from: row.quiet_from, to: row.quiet_to },
    kinds: { page: kinds('page'), push: kinds('push'), mail: kinds('mail') },
    digestMinute:
      row.kinds === null || row.digest_minute === undefined
        ? DEFAULT_SETTINGS.digestMinute
        : row.digest_minute,
  };
}

/** The channels whose kinds the player chose, with their kinds (the rest follow their defaults). */
function chosenKinds(
  settings: NotificationSettings,
): Partial<Record<NotificationChannel, readonly TellableKind[]>> {
  return Object.fromEntries(
    NOTIFICATION_CHANNELS.flatMap((channel) => {
      const kinds = settings.kinds[channel];
      return kinds === null ? [] : [[channel, kinds]];
    }),
  );
}

@Injectable()
export class NotificationSettingsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async settingsOf(playerId: string): Promise<NotificationSettings> {
    const { rows } = await this.prisma.pool.query<SettingsColumns>(
      `SELECT time_zone, language, quiet_from, quiet_to, kinds, digest_minute
         FROM notification_settings WHERE player_id = $1`,
      [playerId],
    );
    const row = rows[0];
    return row === undefined ? DEFAULT_SETTINGS : settingsOfColumns(row);
  }

  /**
   * Marks the player's events up to id `upTo` read (the notification centre); a mark never moves back, so two
   * tabs marking at once keep the later one.
   */
  async markRead(playerId: string, upTo: bigint, at: Date): Promise<void> {
    await this.prisma.pool.query(
      `INSERT INTO notification_settings (player_id, read_up_to, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (player_id) DO UPDATE
          SET read_up_to = GREATEST(notification_settings.read_up_to, EXCLUDED.read_up_to), updated_at = $3`,
      [playerId, upTo.toString(), at],
    );
  }

  /** The id up to which the player's events are read (0: none). */
  async readUpTo(playerId: string): Promise<bigint> {
    const { rows } = await this.prisma.pool.query<{ read_up_to: string }>(
      'SELECT read_up_to::text FROM notification_settings WHERE player_id = $1',
      [playerId],
    );
    return BigInt(rows[0]?.read_up_to ?? '0');
  }

  /** Stores `settings` as the player's, at `at`. */
  async save(playerId: string, settings: NotificationSettings, at: Date): Promise<void> {
    await this.prisma.pool.query(
      `INSERT INTO notification_settings
              (player_id, time_zone, language, quiet_from, quiet_to, kinds, digest_minute, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (player_id) DO UPDATE
          SET time_zone = $2, language = $3, quiet_from = $4, quiet_to = $5, kinds = $6, digest_minute = $7,
              updated_at = $8`,
      [
        playerId,
        settings.timeZone,
        settings.language,
        settings.quietHours?.from ?? null,
        settings.quietHours?.to ?? null,
        JSON.stringify(chosenKinds(settings)),
        settings.digestMinute,
        at,
      ],
    );
  }
}

/** An account's tombstone (src/players/players.repository.ts): nothing personal stays, its time zone included. */
export async function deleteNotificationSettingsOf(
  tx: Prisma.TransactionClient,
  playerId: string,
): Promise<void> {
  await tx.notificationSettings.deleteMany({ where: { playerId } });
}
