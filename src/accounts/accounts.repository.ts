/**
 * The accounts module's statements: reading everything of one account for its export
 * (src/accounts/account-export.ts: reads of the players, ratings, games, tokens, webhooks and player events
 * modules' tables), and the erasure of a deleted account's events and ratings in one transaction — each written by
 * the code of the module that owns the table (src/notifications/player-events.repository.ts,
 * src/ratings/ratings.repository.ts). The accounts module owns no table.
 */
import { Injectable } from '@nestjs/common';
import { TOKEN_FIELDS, type TokenRecord } from '../auth/tokens.repository';
import { transaction } from '../db/transaction';
import { erasePlayerEventsOf } from '../notifications/player-events.repository';
import { PLAYER_FIELDS, type PlayerRecord } from '../players/players.repository';
import { PrismaService } from '../prisma/prisma.service';
import { eraseRatingsOf } from '../ratings/ratings.repository';

/** A seat the player took, with its game and everyone seated in it. */
export interface GameSeatRow {
  game_id: string;
  /** The engine's name (a PresetName): the app writes only those. */
  preset: string;
  rated: boolean;
  status: string;
  seats: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  seat: number;
  outcome: string | null;
  placement: number | null;
  score: number | null;
  rating_before: number | null;
  rating_after: number | null;
  deviation_before: number | null;
  deviation_after: number | null;
  players: { seat: number; username: string }[];
}

export interface EventRow {
  id: string;
  kind: string;
  game_id: string | null;
  created_at: Date;
}

/** A stored rating of one preset, as the export lists it. */
export interface ExportedRating {
  readonly preset: string;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  readonly games: number;
  readonly updatedAt: Date;
}

/** A webhook as the export lists it: never its secret. */
export interface ExportedWebhook {
  readonly id: string;
  readonly url: string;
  readonly events: string[];
  readonly createdAt: Date;
}

/** What the export says of how the player is reached (never a push key: a device's keys are its own). */
export interface ExportedReach {
  readonly address: {
    address: string;
    verifiedAt: Date | null;
    bouncedAt: Date | null;
    changedAt: Date;
  } | null;
  readonly settings: {
    timeZone: string;
    language: string;
    quietFrom: number | null;
    quietTo: number | null;
    kinds: unknown;
    digestMinute: number | null;
  } | null;
  readonly devices: { id: string; device: string; createdAt: Date; lastUsedAt: Date | null }[];
  readonly vacations: { startsAt: Date; endsAt: Date; days: number; endedAt: Date | null }[];
}

@Injectable()
export class AccountsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async profile(playerId: string): Promise<PlayerRecord | null> {
    return this.prisma.player.findUnique({ where: { id: playerId }, select: PLAYER_FIELDS });
  }

  async ratings(playerId: string): Promise<ExportedRating[]> {
    return this.prisma.rating.findMany({ where: { playerId } });
  }

  /** Up to `limit` of the player's seats, by their game's creation time and id, after `after`. */
  async seats(
    playerId: string,
    after: { readonly createdAt: Date; readonly gameId: string } | null,
    limit: number,
  ): Promise<GameSeatRow[]> {
    const values: unknown[] = [playerId, limit];
    let keyset = '';
    if (after !== null) {
      values.push(after.createdAt, after.gameId);
      keyset = 'AND (g.created_at, g.id) > ($3, $4::uuid)';
    }
    const { rows } = await this.prisma.pool.query<GameSeatRow>(
      `SELECT g.id AS game_id, g.preset, g.rated, g.status, g.seats, g.created_at, g.started_at, g.finished_at,
              gp.seat, gp.outcome, gp.placement, gp.score,
              gp.rating_before, gp.rating_after, gp.deviation_before, gp.deviation_after,
              (SELECT json_agg(json_build_object('seat', o.seat, 'username', p.username) ORDER BY o.seat)
                 FROM game_players o JOIN players p ON p.id = o.player_id
                WHERE o.game_id = g.id) AS players
         FROM game_players gp JOIN games g ON g.id = gp.game_id
        WHERE gp.player_id = $1::uuid ${keyset}
        ORDER BY g.created_at, g.id
        LIMIT $2::int`,
      values,
    );
    return rows;
  }

  /** Every token of the player (API tokens and sessions, revoked ones too), oldest first. */
  async tokens(playerId: string): Promise<TokenRecord[]> {
    return this.prisma.token.findMany({
      where: { playerId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: TOKEN_FIELDS,
    });
  }

  async webhooks(playerId: string): Promise<ExportedWebhook[]> {
    return this.prisma.webhook.findMany({
      where: { playerId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, url: true, events: true, createdAt: true },
    });
  }

  /** The player's e-mail address, notification settings, push devices and vacations, for the export. */
  async reach(playerId: string): Promise<ExportedReach> {
    const [address, settings, devices, vacations] = await Promise.all([
      this.prisma.mailAddress.findUnique({
        where: { playerId },
        select: { address: true, verifiedAt: true, bouncedAt: true, changedAt: true },
      }),
      this.prisma.notificationSettings.findUnique({
        where: { playerId },
        select: {
          timeZone: true,
          language: true,
          quietFrom: true,
          quietTo: true,
          kinds: true,
          digestMinute: true,
        },
      }),
      this.prisma.pushSubscription.findMany({
        where: { playerId },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true, device: true, createdAt: true, lastUsedAt: true },
      }),
      this.prisma.vacation.findMany({
        where: { playerId },
        orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
        select: { startsAt: true, endsAt: true, days: true, endedAt: true },
      }),
    ]);
    return { address, settings, devices, vacations };
  }

  /** Up to `limit` of the player's events after id `after`, oldest first. */
  async events(playerId: string, after: string, limit: number): Promise<EventRow[]> {
    const { rows } = await this.prisma.pool.query<EventRow>(
      `SELECT id::text AS id, kind, game_id, created_at FROM player_events
        WHERE player_id = $1::uuid AND id > $2::bigint ORDER BY id LIMIT $3::int`,
      [playerId, after, limit],
    );
    return rows;
  }

  /**
   * Erases what a deleted account still had once its games are settled: its player events and its ratings, in one
   * transaction, each by the code that writes its table.
   */
  async eraseAfterGames(playerId: string): Promise<void> {
    await transaction(this.prisma.pool, async (client) => {
      await erasePlayerEventsOf(client, playerId);
      await eraseRatingsOf(client, playerId);
    });
  }
}
