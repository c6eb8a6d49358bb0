/**
 * A stored game as the service, the resolvers, the bots and the export see it: the `games` row and its seats in
 * the app's own types (docs/architecture.md, "Types at the edge"). The repository maps database rows — Prisma's
 * or node-postgres's — into these and nothing else leaves it, so the storage's types stay in persistence/.
 */
import type { GameResult, PresetName, StoredOptions } from '../../engine';
import type { ClientSeedSourceName } from './client-seed-source';
import type { DeclineReasonName } from './challenge';
import type { CallOffReason } from './life';
import type { GameStatusName, OutcomeName } from './vocabulary';

/**
 * Why an ABORTED game was called off (`games.end_reason`): a call-off decided by the life decider, or
 * `dealExposed`, set once by a migration for games dealt under a generator whose deal could be computed.
 */
export const END_REASON_NAMES = ['aborted', 'noMove', 'declined', 'dealExposed', 'moderated'] as const;
export type EndReasonName = (typeof END_REASON_NAMES)[number];
// Every call-off the life decider makes is one of them.
const callOffsListed: CallOffReason extends EndReasonName ? true : never = true;
void callOffsListed;

/**
 * Why a game created rated is not rated (`games.unrated_reason`): `DEAL_EXPOSED`, dealt under a generator whose
 * hands could be computed from the public commitment.
 */
export const UNRATED_REASONS = ['DEAL_EXPOSED'] as const;
export type UnratedReasonName = (typeof UNRATED_REASONS)[number];

/** What a game carries of each seated player: who they are, never their credentials. */
export interface SeatPlayerRecord {
  readonly id: string;
  readonly username: string;
  readonly usernameKey: string;
  readonly isBot: boolean;
  readonly createdAt: Date;
  /**
   * When the account was deleted (a tombstone: docs/api/players-and-accounts.md#deleteaccount); null while it
   * lives.
   */
  readonly deletedAt: Date | null;
  /** Set while the account is a guest (src/players/guest-policy.ts); null once kept, and for everyone else. */
  readonly guestSince: Date | null;
}

/** Ratings from `min` to `max`, both included. */
export interface RatingRange {
  readonly min: number;
  readonly max: number;
}

/** One seat of a game (`game_players`), with its player. */
export interface GameSeatRecord {
  readonly gameId: string;
  readonly seat: number;
  readonly playerId: string;
  readonly joinedAt: Date;
  readonly clientSeed: string | null;
  readonly clientSeedSource: ClientSeedSourceName | null;
  /** Set, with the fields below, by the move that finishes the game (finish.ts). */
  readonly finishedAt: Date | null;
  readonly outcome: OutcomeName | null;
  readonly placement: number | null;
  readonly score: number | null;
  readonly payoffLeft: number | null;
  readonly ratingBefore: number | null;
  readonly deviationBefore: number | null;
  readonly volatilityBefore: number | null;
  readonly ratingAfter: number | null;
  readonly deviationAfter: number | null;
  readonly volatilityAfter: number | null;
  /** A built-in bot's seat: the engine bot versions that moved in it, in order of first use. */
  readonly botVersions: readonly string[];
  readonly player: SeatPlayerRecord;
}

/** The `games` row. */
export interface GameRowRecord {
  readonly id: string;
  readonly preset: PresetName;
  /** The resolved options as stored (rules version 1 rows lack `blockedWhen`: recordedOptions fills it). */
  readonly options: StoredOptions;
  readonly seats: number;
  readonly rated: boolean;
  readonly status: GameStatusName;
  /** The number of events in the log; every change of the game's state raises it. */
  readonly version: number;
  readonly currentSeat: number | null;
  readonly currentPlayerId: string | null;
  /** Secret until the game is over (docs/fairness.md). */
  readonly seed: string;
  readonly seedCommitment: string;
  readonly rulesVersion: string;
  readonly startPosition: string | null;
  readonly dealChosen: boolean;
  /**
   * Created with awaitClientSeed (docs/api/games-and-moves.md#creategame): once every seat is taken, the deal
   * waits for the creator's setClientSeed instead of following the last seat.
   */
  readonly awaitClientSeed: boolean;
  /**
   * A seek's rating range (docs/social.md#seeks-by-rating): the ratings, in its preset, of the opponents its
   * creator accepts; null for a seek without one and for every other game.
   */
  readonly seekRatings: RatingRange | null;
  /** The tournament that paired this game (docs/social.md#tournaments); null for any other game. */
  readonly tournamentId: string | null;
  readonly invitedPlayerId: string | null;
  readonly createdById: string;
  readonly result: GameResult | null;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly finishedAt: Date | null;
  readonly updatedAt: Date;
  readonly secondsPerMove: number | null;
  readonly turnStartedAt: Date | null;
  readonly deadline: Date | null;
  /** When the turn's reminder is due (life.ts, newTurnClock). */
  readonly remindAt: Date | null;
  readonly remindedTurnAt: Date | null;
  readonly endReason: EndReasonName | null;
  /** Why a declined challenge was declined (challenge.ts); null for every other game, and for older declines. */
  readonly declineReason: DeclineReasonName | null;
  readonly sweepClaimedUntil: Date | null;
  readonly unratedReason: UnratedReasonName | null;
}

/** A game with its seats in seat order. */
export interface GameRecord extends GameRowRecord {
  readonly players: readonly GameSeatRecord[];
}
