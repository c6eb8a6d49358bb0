/**
 * The first decision of a game's life (docs/api/games-and-moves.md#creategame): whether a request makes a
 * game, and the game it makes. Pure, like the rest of the life decider (life.ts): the server seed, the game's
 * id and the time are inputs, so the same request and inputs always decide the same; the service draws them,
 * looks the invited player up, asks here, and writes what this says.
 */
import {
  CLIENT_SEED_RULE,
  PresetName,
  RULES_VERSION,
  RuleOptions,
  isClientSeed,
  isRulesVersion,
  optionsFor,
  optionsOffPreset,
  parsePosition,
  seedCommitment,
  takesClientSeeds,
  validateOptions,
} from '../../engine';
import { BuiltinBot, BuiltinBotKind, builtinBot, builtinBotById } from '../../players/builtin-bots';
import type { GameRowRecord, GameSeatRecord, RatingRange } from './game-record';
import type { GameLifeEvent } from './notifications';

/**
 * What kind of seek (docs/api/challenges-and-seeks.md#seekgame): the preset (with its default rules), the
 * rated flag, the clock.
 */
export interface SeekKind {
  readonly preset: PresetName;
  readonly rated: boolean;
  /** Seconds per move; null for no clock. */
  readonly secondsPerMove: number | null;
}

export interface CreateGameRequest {
  readonly preset: PresetName;
  readonly overrides: Partial<RuleOptions>;
  readonly seats: number | undefined;
  readonly rated: boolean;
  /** The invited player's username (resolved by the service before the decision). */
  readonly opponent: string | undefined;
  readonly seed: string | undefined;
  readonly position: string | undefined;
  /** The time control: seconds per move, or undefined for none. */
  readonly secondsPerMove: number | undefined;
  /** A built-in bot to seat at once. */
  readonly bot: BuiltinBotKind | undefined;
  /** The creator's own seed for the deal (docs/fairness.md); given before the commitment exists. */
  readonly clientSeed: string | undefined;
  /**
   * Hold the deal of a game the built-in bot fills until the creator gives their seed with setClientSeed, after
   * the commitment (docs/fairness.md): without it the bot's seat deals the game inside createGame.
   */
  readonly awaitClientSeed: boolean;
  /**
   * A seek's rating range (docs/social.md#seeks-by-rating), absolute: fixed from the creator's rating when the seek
   * opens. Only seeks have one.
   */
  readonly ratingRange?: RatingRange;
  /**
   * Whether a vacation of the player to move pauses the clock (docs/correspondence.md#vacation); true unless a
   * tournament that does not allow it says otherwise.
   */
  readonly vacationPauses?: boolean;
  /** The tournament pairing this game (the `pair` command's), undefined for any other. */
  readonly tournamentId?: string;
}

/** What the decision needs besides the request: drawn or looked up by the service. */
export interface CreateInputs {
  readonly creatorId: string;
  /** The invited player's id, when the request names one. */
  readonly opponentId: string | undefined;
  readonly gameId: string;
  /** The server's fresh seed, used unless the request fixes one (an unrated game only). */
  readonly serverSeed: string;
}

/** A game about to be stored: WAITING, its creator in seat 0, with the row's own fields for what it fixes. */
export type NewGame = Pick<
  GameRowRecord,
  | 'id'
  | 'preset'
  | 'seats'
  | 'rated'
  | 'seed'
  | 'seedCommitment'
  | 'rulesVersion'
  | 'startPosition'
  | 'dealChosen'
  | 'awaitClientSeed'
  | 'invitedPlayerId'
  | 'createdById'
  | 'secondsPerMove'
  | 'seekRatings'
  | 'tournamentId'
> & {
  /** The options resolved now, in full (a stored row may predate an option: GameRowRecord's StoredOptions). */
  readonly options: RuleOptions;
  readonly creatorClientSeed: GameSeatRecord['clientSeed'];
  readonly creatorClientSeedSource: GameSeatRecord['clientSeedSource'];
  readonly vacationPauses: boolean;
};

/** A refusal of bad input: the message, and which field or option it is about. */
export interface InputRefusal {
  readonly ok: false;
  readonly code: 'BAD_USER_INPUT';
  readonly message: string;
  readonly details: Readonly<Record<string, string>>;
}

export type CreateDecision =
  | {
      readonly ok: true;
      readonly game: NewGame;
      /** A built-in bot to seat at once (asked for, or invited by name: a bot accepts at once). */
      readonly bot: BuiltinBot | undefined;
      /** What the creation tells (an invitation). */
      readonly events: readonly GameLifeEvent[];
    }
  | InputRefusal;

const MAX_SEED_LENGTH = 200;

const refuse = (message: string, details: Record<string, string> = {}): InputRefusal => ({
  ok: false,
  code: 'BAD_USER_INPUT',
  message,
  details,
});

export function decideCreate(request: CreateGameRequest, inputs: CreateInputs): CreateDecision {
  const refusal = createRequestRefusal(request, inputs.serverSeed);
  if (refusal !== null) return refusal;
  const options = optionsFor(request.preset, request.overrides);
  const seats = request.seats ?? options.minPlayers;
  const dealChosen = request.seed !== undefined || request.position !== undefined;
  const seed = request.seed ?? inputs.serverSeed;
  let bot = request.bot === undefined ? undefined : builtinBot(request.bot);
  let invitedPlayerId: string | null = null;
  if (inputs.opponentId !== undefined) {
    if (inputs.opponentId === inputs.creatorId) return refuse('you cannot invite yourself');
    // A built-in bot accepts at once: the game is the one `bot` makes (no invitation left waiting forever).
    bot = builtinBotById(inputs.opponentId);
    if (bot === undefined) invitedPlayerId = inputs.opponentId;
  }
  if (request.awaitClientSeed && bot === undefined) {
    // An invited person gives their own seed when joining; the hold is for the seat a bot fills at once.
    return refuse(AWAIT_NEEDS_BOT, AWAIT_FIELD);
  }
  const game: NewGame = {
    id: inputs.gameId,
    preset: request.preset,
    options,
    seats,
    rated: request.rated,
    seed,
    seedCommitment: seedCommitment(RULES_VERSION, seed),
    rulesVersion: RULES_VERSION,
    startPosition: request.position ?? null,
    dealChosen,
    awaitClientSeed: request.awaitClientSeed,
    invitedPlayerId,
    createdById: inputs.creatorId,
    secondsPerMove: request.secondsPerMove ?? null,
    seekRatings: request.ratingRange ?? null,
    creatorClientSeed: request.clientSeed ?? null,
    creatorClientSeedSource: request.clientSeed === undefined ? null : 'GIVEN_BEFORE_COMMITMENT',
    vacationPauses: request.vacationPauses ?? true,
    tournamentId: request.tournamentId ?? null,
  };
  return { ok: true, game, bot, events: [{ type: 'created', invitedPlayerId }] };
}

/**
 * What the request alone refuses, before the invited player is looked up (so bad input is reported as such,
 * whoever it names); decideCreate asks it first.
 */
export function createRequestRefusal(request: CreateGameRequest, serverSeed: string): InputRefusal | null {
  const options = optionsFor(request.preset, request.overrides);
  const seats = request.seats ?? options.minPlayers;
  const problems = validateOptions(options, seats);
  if (problems.length > 0) {
    return refuse(problems.map((problem) => problem.message).join('; '), { option: problems[0]!.option });
  }
  // A rating compares players across games, so every rated game is played by its preset's own rules
  // (docs/api/games-and-moves.md#creategame): a rated game with a one-card pay-off pile would be a rating for
  // the taking.
  const offPreset = request.rated ? optionsOffPreset(request.preset, options) : [];
  if (offPreset.length > 0) {
    return refuse(
      `a rated game is played by its preset's own rules: ${offPreset.join(', ')} differ from ${request.preset}'s; remove the overrides or make the game unrated`,
      { field: 'options', option: offPreset[0]! },
    );
  }
  if (request.rated && (request.seed !== undefined || request.position !== undefined)) {
    return refuse('a rated game cannot fix its seed or start position');
  }
  if (request.seed !== undefined && (request.seed.length < 1 || request.seed.length > MAX_SEED_LENGTH)) {
    return refuse(`a seed is 1–${MAX_SEED_LENGTH} characters`, { field: 'seed' });
  }
  const dealChosen = request.seed !== undefined || request.position !== undefined;
  if (request.clientSeed !== undefined) {
    const refusal = clientSeedRefusal(request.clientSeed, dealChosen, RULES_VERSION);
    if (refusal !== null) return refusal;
  }
  if (request.position !== undefined) {
    const seed = request.seed ?? serverSeed;
    const parsed = parsePosition(options, request.position, {
      version: RULES_VERSION,
      seed,
      clientSeeds: [],
    });
    if (!parsed.ok) return refuse(`position: ${parsed.error}`, { field: 'position' });
    if (parsed.state.seats.length !== seats) {
      return refuse(`the position has ${parsed.state.seats.length} seats, the game ${seats}`);
    }
  }
  if (request.bot !== undefined && request.opponent !== undefined) {
    return refuse('a game has a bot or an invited opponent, not both', { field: 'bot' });
  }
  if (request.opponent !== undefined && seats !== 2) {
    return refuse('an invitation names the one opponent of a two-seat game', { field: 'opponent' });
  }
  return request.awaitClientSeed ? awaitClientSeedRefusal(request, seats, dealChosen) : null;
}

const AWAIT_FIELD = { field: 'awaitClientSeed' } as const;
const AWAIT_NEEDS_BOT =
  'awaitClientSeed holds the deal of a game a built-in bot fills: give bot, or opponent naming a built-in bot';

/**
 * What awaitClientSeed does not go with (docs/api/games-and-moves.md#creategame). It holds the deal only
 * where the bot would otherwise deal it inside createGame: a two-seat game against a built-in bot whose deal
 * mixes client seeds.
 */
function awaitClientSeedRefusal(
  request: CreateGameRequest,
  seats: number,
  dealChosen: boolean,
): InputRefusal | null {
  if (request.bot === undefined && request.opponent === undefined)
    return refuse(AWAIT_NEEDS_BOT, AWAIT_FIELD);
  if (seats !== 2) {
    return refuse(
      'awaitClientSeed is for a two-seat game against a bot: a game of more seats waits for its other players, ' +
        'so give your seed with setClientSeed before the last one joins',
      AWAIT_FIELD,
    );
  }
  if (dealChosen) {
    return refuse(
      'awaitClientSeed: a game with a chosen seed or start position is dealt from it alone, without client seeds',
      AWAIT_FIELD,
    );
  }
  if (request.clientSeed !== undefined) {
    return refuse(
      'clientSeed: with awaitClientSeed, give your seed with setClientSeed once you have noted seedCommitment',
      { field: 'clientSeed' },
    );
  }
  return null;
}

/**
 * A client seed must fit the rule, and the game must take one: a chosen deal (a creator-given seed or start
 * position) is dealt from it alone, and old-version games mix in none. Null when the seed may be given.
 */
export function clientSeedRefusal(
  clientSeed: string,
  dealChosen: boolean,
  rulesVersion: string,
): InputRefusal | null {
  const field = { field: 'clientSeed' };
  if (!isClientSeed(clientSeed)) return refuse(`clientSeed: ${CLIENT_SEED_RULE}`, field);
  if (dealChosen) {
    return refuse(
      'clientSeed: a game with a chosen seed or start position is dealt from it alone, without client seeds',
      field,
    );
  }
  if (!isRulesVersion(rulesVersion) || !takesClientSeeds(rulesVersion)) {
    return refuse(`clientSeed: games under ${rulesVersion} take no client seeds`, field);
  }
  return null;
}
