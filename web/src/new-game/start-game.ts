/**
 * Starting a game with this page's own client seed, given after the server's commitment (docs/fairness.md,
 * "Commit, add your seed, play, reveal"):
 *
 * - `createGame` without a seed; the answer carries `seedCommitment`; then `setClientSeed` with a seed drawn here.
 * - A two-seat game against a built-in bot would be dealt inside the `createGame` request (the bot takes the last
 *   seat at once), so it is created with `awaitClientSeed`: the bot sits down, the game waits with its commitment
 *   public, and the page's `setClientSeed` deals it (GIVEN_AFTER_COMMITMENT). An invitation by name that a bot
 *   accepts at once answers already dealt: `setClientSeed` would be GAME_NOT_ACTIVE, so it is not sent and the seat
 *   keeps the server's stand-in.
 * - `seekGame` may join someone's seek at once: a seed given with it then counts as given after that game's
 *   commitment. When it opens (or finds) a seek of ours instead, that seed reached the server before the
 *   commitment, so it is replaced with `setClientSeed`.
 * - An open game (neither `opponent` nor `bot`) waits for its players: `setClientSeed` follows the commitment, and
 *   each who joins sends their own seed with `joinGame` (web/src/table/game-page.tsx).
 * - A deal the creator fixes with a seed takes no client seed at all.
 *
 * Each seed is kept with the commitment shown before it (../client-seed.ts `sendKeepingDeal`: before it is sent,
 * and put back if the server refuses it), for Verify to compare with the export.
 */
import { request } from '../api';
import type {
  BotKind,
  CreateGameInput,
  NewGameCreateMutation,
  NewGameCreateMutationVariables,
  NewGameCreatedFragment,
  NewGameJoinSeekMutation,
  NewGameJoinSeekMutationVariables,
  NewGamePresetRulesQuery,
  NewGamePresetRulesQueryVariables,
  NewGameRematchMutation,
  NewGameRematchMutationVariables,
  NewGameSeekMutation,
  NewGameSeekMutationVariables,
  NewGameSeeksQuery,
  NewGameSeeksQueryVariables,
  NewGameSetClientSeedMutation,
  NewGameSetClientSeedMutationVariables,
  NewGameTimeControlsQuery,
  NewGameTimeControlsQueryVariables,
  Preset,
  RuleOptionsInput,
  SeekRatingRangeInput,
} from '../generated/graphql';
import { newClientSeed, rememberDeal, sendKeepingDeal } from '../client-seed';
import type { OpponentKind } from './choices';
import NEW_GAME from './new-game.graphql?raw';

/** Every operation of new-game.graphql, for `request` (web/src/api.ts), the page's other modules' too. */
declare module '../api' {
  interface Operations {
    NewGamePresetRules: [NewGamePresetRulesQuery, NewGamePresetRulesQueryVariables];
    NewGameCreate: [NewGameCreateMutation, NewGameCreateMutationVariables];
    NewGameSeek: [NewGameSeekMutation, NewGameSeekMutationVariables];
    NewGameSetClientSeed: [NewGameSetClientSeedMutation, NewGameSetClientSeedMutationVariables];
    NewGameTimeControls: [NewGameTimeControlsQuery, NewGameTimeControlsQueryVariables];
    NewGameSeeks: [NewGameSeeksQuery, NewGameSeeksQueryVariables];
    NewGameJoinSeek: [NewGameJoinSeekMutation, NewGameJoinSeekMutationVariables];
    NewGameRematch: [NewGameRematchMutation, NewGameRematchMutationVariables];
  }
}

/** How the page's seed stands in the game it started: what the result panel explains. */
export type SeedNote = 'after' | 'none' | 'chosen';

export interface Started {
  readonly game: NewGameCreatedFragment;
  /** The page's own seed as the server holds it now; null when none could be given. */
  readonly clientSeed: string | null;
  readonly seedNote: SeedNote;
}

export interface GameChoice {
  readonly preset: Preset;
  readonly options: RuleOptionsInput;
  readonly seats: number;
  readonly rated: boolean;
  readonly time: { daysPerMove?: number; hoursPerMove?: number };
  readonly opponentKind: OpponentKind;
  readonly opponent: string;
  readonly bot: BotKind;
  /** A seek's rating range (points below and above my rating); none or null: anyone. Only a seek sends it. */
  readonly ratingRange?: SeekRatingRangeInput | null;
  /** A creator's seed that fixes the deal (unrated only); empty for none. */
  readonly fixedSeed: string;
}

async function giveSeedAfterCommitment(game: NewGameCreatedFragment): Promise<Started> {
  if (game.status !== 'WAITING') return { game, clientSeed: null, seedNote: 'none' };
  const clientSeed = newClientSeed();
  // The answer is the game as the seed left it: dealt, when the seed was what a held bot game waited for. Kept with
  // the commitment this page showed before it sent the seed.
  const { setClientSeed: seeded } = await sendKeepingDeal(game.id, game.seedCommitment, clientSeed, () =>
    request(NEW_GAME, 'NewGameSetClientSeed', { gameId: game.id, clientSeed }),
  );
  return { game: seeded, clientSeed, seedNote: 'after' };
}

async function seek(choice: GameChoice): Promise<Started> {
  const clientSeed = newClientSeed();
  const { seekGame: game } = await request(NEW_GAME, 'NewGameSeek', {
    input: {
      preset: choice.preset,
      rated: choice.rated,
      clientSeed,
      ...choice.time,
      ...(choice.ratingRange != null ? { ratingRange: choice.ratingRange } : {}),
    },
  });
  // WAITING: the seek is ours, opened with the seed before its commitment existed. Otherwise we joined theirs.
  if (game.status === 'WAITING') return giveSeedAfterCommitment(game);
  // Joined at once: the page saw the commitment only in the answer, so only the seed is kept — once the answer
  // names the game, which the page could not know before.
  rememberDeal(game.id, { commitment: null, clientSeed });
  return { game, clientSeed, seedNote: 'after' };
}

async function create(choice: GameChoice): Promise<Started> {
  // An open game names nobody: anyone with its link may take a free seat (docs/api/games-and-moves.md#creategame, #joingame).
  const who: Pick<CreateGameInput, 'bot' | 'opponent'> =
    choice.opponentKind === 'bot'
      ? { bot: choice.bot }
      : choice.opponentKind === 'invite'
        ? { opponent: choice.opponent.trim() }
        : {};
  const input: CreateGameInput = {
    preset: choice.preset,
    seats: choice.seats,
    rated: choice.rated,
    ...(Object.keys(choice.options).length > 0 ? { options: choice.options } : {}),
    ...choice.time,
    ...who,
  };
  if (!choice.rated && choice.fixedSeed !== '') {
    const { createGame: game } = await request(NEW_GAME, 'NewGameCreate', {
      input: { ...input, seed: choice.fixedSeed },
    });
    return { game, clientSeed: null, seedNote: 'chosen' };
  }
  // A game of more seats waits for its other players anyway: no hold needed for the seed to follow the commitment.
  const hold = choice.opponentKind === 'bot' && choice.seats === 2;
  const { createGame: game } = await request(NEW_GAME, 'NewGameCreate', {
    input: hold ? { ...input, awaitClientSeed: true } : input,
  });
  return giveSeedAfterCommitment(game);
}

export function startGame(choice: GameChoice): Promise<Started> {
  switch (choice.opponentKind) {
    case 'seek':
      return seek(choice);
    case 'invite':
    case 'open':
    case 'bot':
      return create(choice);
    default: {
      const never: never = choice.opponentKind;
      return never;
    }
  }
}

/**
 * A rematch of a game that is over (the same rules, seats and clock; the seats turned around), with the page's seed
 * after the new game's commitment: against a bot its deal is held for that seed, like a new bot game's.
 */
export async function startRematch(gameId: string, againstBot: boolean): Promise<Started> {
  const { rematch: game } = await request(NEW_GAME, 'NewGameRematch', {
    gameId,
    awaitClientSeed: againstBot,
  });
  return giveSeedAfterCommitment(game);
}
