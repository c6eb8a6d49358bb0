/**
 * The checks of an exported game (docs/fairness.md, docs/api/exports-and-verification.md#the-export-format), pure: they import nothing but
 * the rules engine (src/engine), so what they trust is that code alone. Three readers run them, on the same export,
 * with the same result: the command-line verifier (scripts/verify-export.ts), the web client's Verify button
 * (web/src/replay/engine-replay.ts), and the server's verifyGame (src/export/game-verifier.ts, on the export it
 * builds of the stored game). This file also reads the export's text (`readExport`): the one reader of the format.
 *
 * 1. the export is a `malice-game/1` document of a game that is over (before that its seed is secret);
 * 2. it was played under a rules version this engine replays (each game under its own; an unknown one stops here);
 * 3. the revealed seed gives the commitment published when the game was created (`seedCommitment` of its version);
 * 4. the client seeds are in order: one per seat, each valid, every stand-in the one the seed gives;
 * 5. the log is complete: events 1…version, in order;
 * 6. every event replays legally from the deal (the engine's `setup(options, deal, seats)` with the seed and the
 *    client seeds, or the revealed custom start position): `decide` on the state before each event gives back
 *    exactly that event;
 * 7. the replay ends with the exported result, and each player's outcome, placement and score follow from it;
 * 8. every move of a built-in bot's seat (a player with `botVersions`) is the move the bot chooses from that seat's
 *    view at that point, with the random stream of that decision (src/engine/bots/choice.ts `chooseBotMove`, keyed
 *    by the revealed seed under `bot-key-v1`, docs/fairness.md#the-built-in-bots-choices). Only moves are the
 *    bot's: a resignation or a timeout (the server's clock) is no choice of it, and is not replayed. A seat that
 *    lists several versions (the bot's play upgraded mid-game) passes a move that any of them chooses; a version
 *    this engine does not play cannot be checked, and fails like an unknown rules version.
 *
 * Check 8 costs a bot's search per decision (ExpertBot: up to a few hundred milliseconds), so `replayExport` runs
 * checks 1–7 and hands back check 8's work (the bot decisions the replay met), for each reader to do its own way:
 * `verifyExportSteps` here, yielding before each search so that a reader that must stay responsive (the web
 * client) runs it a step at a time; the server in its bot threads (src/export/bot-choice-checks.ts). Both count
 * the finding with `BotChoiceTally` and word it with `botChoicesOutcome`.
 */
import {
  BOT_VERSIONS,
  BotName,
  Deal,
  GameEvent,
  GameResult,
  GameState,
  GameView,
  RULES_VERSIONS,
  RulesVersion,
  StoredOptions,
  chooseBotMove,
  clientSeedProblems,
  commandOf,
  formatMove,
  isBotName,
  isRulesVersion,
  parseMove,
  parsePosition,
  replayFrom,
  seedCommitment,
  setup,
  takesClientSeeds,
  versionParts,
  viewFor,
} from '../engine';

/** The export format (docs/api/exports-and-verification.md#the-export-format): what src/export/game-export.ts writes and this file reads. */
export const EXPORT_FORMAT = 'malice-game/1';

/** The text is not an export at all (the command line exits 2 on it). */
export class ExportInputError extends Error {}

type Json = Record<string, unknown>;

export interface VerifiableEvent {
  readonly seq: number;
  readonly seat: number;
  readonly type: string;
  readonly payload: GameEvent;
}

export interface VerifiablePlayer {
  readonly seat: number;
  readonly username: string;
  /** Absent from exports of games that took none (the field came with chacha20-v2): read as null. */
  readonly clientSeed: string | null;
  readonly clientSeedSource: string | null;
  readonly outcome: string | null;
  readonly placement: number | null;
  readonly score: number | null;
  /**
   * A built-in bot's seat: the versions of its play that moved in it (`greedy-2`). Null for people, and in exports
   * made before the field existed.
   */
  readonly botVersions: readonly string[] | null;
}

/** What the checks read of an export (docs/api/exports-and-verification.md#the-export-format). */
export interface VerifiableExport {
  readonly id: string;
  readonly preset: string;
  /**
   * The resolved options. Exports of `malice-rules-1` games made before `blockedWhen` existed lack it: `setup` and
   * `parsePosition` read it as that version plays (`cannotOrWillNot`).
   */
  readonly options: StoredOptions;
  readonly seats: number;
  readonly rulesVersion: string;
  readonly seedCommitment: string;
  readonly seed: string | null;
  readonly startPosition: string | null;
  readonly dealChosen: boolean;
  readonly status: string;
  readonly result: GameResult | null;
  readonly version: number;
  readonly players: readonly VerifiablePlayer[];
  readonly events: readonly VerifiableEvent[];
}

/** What each check is about, in the order they run: a reader names them in its own words (the web client). */
export const CHECK_KINDS = [
  'over',
  'rulesVersion',
  'seedRevealed',
  'commitment',
  'clientSeeds',
  'logComplete',
  'eventLabels',
  'deal',
  'events',
  'result',
  'players',
  'botChoices',
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export interface Check {
  readonly ok: boolean;
  readonly kind: CheckKind;
  /** What was found, in English (the command line prints it). */
  readonly text: string;
}

/** The state a game starts from: its custom start position, or the deal of its seed and client seeds. */
export type StartingState =
  | {
      readonly ok: true;
      readonly state: GameState;
      readonly from: 'position' | 'seed';
      readonly mixes: boolean;
    }
  | { readonly ok: false; readonly error: string };

/** Whether the deal mixes in the players' client seeds (docs/fairness.md): not for a chosen deal, nor old versions. */
export function mixesClientSeeds(doc: VerifiableExport, version: RulesVersion): boolean {
  return !doc.dealChosen && takesClientSeeds(version);
}

/** The game's first state, rebuilt with the engine from what the export reveals; never throws. */
export function startingState(doc: VerifiableExport): StartingState {
  if (!isRulesVersion(doc.rulesVersion)) {
    return {
      ok: false,
      error: `rules ${doc.rulesVersion} are not this engine's (${RULES_VERSIONS.join(', ')})`,
    };
  }
  if (doc.seed === null) return { ok: false, error: 'the seed is not revealed' };
  const version = doc.rulesVersion;
  const mixes = mixesClientSeeds(doc, version);
  const deal: Deal = {
    version,
    seed: doc.seed,
    clientSeeds: mixes
      ? [...doc.players].sort((a, b) => a.seat - b.seat).map((player) => player.clientSeed ?? '')
      : [],
  };
  if (doc.startPosition !== null) {
    // A custom start: the position itself is the deal. Nothing committed to it; `dealChosen` says so.
    const parsed = parsePosition(doc.options, doc.startPosition, deal);
    return parsed.ok
      ? { ok: true, state: parsed.state, from: 'position', mixes }
      : { ok: false, error: `the start position does not read: ${parsed.error}` };
  }
  try {
    return { ok: true, state: setup(doc.options, deal, doc.seats), from: 'seed', mixes };
  } catch (error) {
    return { ok: false, error: `the deal cannot be made: ${(error as Error).message}` };
  }
}

/**
 * The checks, in order; stops early where a later check would be meaningless. `onState` sees the state at every
 * ply the replay reaches, the deal first.
 */
export function verifyExport(doc: VerifiableExport, onState: (state: GameState) => void = () => {}): Check[] {
  const steps = verifyExportSteps(doc, onState);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** How far check 8 has come: bot decisions replayed so far, of all the log holds. */
export interface BotReplayProgress {
  readonly replayed: number;
  readonly of: number;
}

/**
 * `verifyExport` a step at a time: it yields before each bot decision it replays (check 8, the costly one) and
 * returns the checks.
 */
export function* verifyExportSteps(
  doc: VerifiableExport,
  onState: (state: GameState) => void = () => {},
): Generator<BotReplayProgress, Check[], void> {
  const replayed = replayExport(doc, onState);
  if (replayed.bots === null) return [...replayed.checks];
  const { game, decisions } = replayed.bots;
  const tally = new BotChoiceTally();
  for (const [index, decision] of decisions.entries()) {
    yield { replayed: index, of: decisions.length };
    const chosen = decision.bot.playable.map((bot) =>
      chooseBotMove(bot, decision.view, game.rulesVersion, game.seed, game.id, decision.version),
    );
    if (!tally.add(index, decision, chosen)) break;
  }
  const outcome = botChoicesOutcome(replayed.botSeats, decisions.length, tally);
  return [...replayed.checks, botChoicesCheck(outcome)];
}

/** What keys a bot decision's random stream (src/engine/bots/choice.ts): the game, its rules version and seed. */
export interface BotStreamGame {
  readonly id: string;
  readonly rulesVersion: RulesVersion;
  readonly seed: string;
}

/** Check 8's work: the decisions of the game's built-in bots, each to be searched again and compared. */
export interface BotChoiceWork {
  readonly game: BotStreamGame;
  /** In log order. */
  readonly decisions: readonly BotDecision[];
}

/** Checks 1–7 of an export, and check 8's work for the reader to do its own way. */
export interface ExportReplay {
  /** Checks 1–7 in order, up to one that leaves nothing for the later ones to check. */
  readonly checks: readonly Check[];
  /** The seats of built-in bots (players listing `botVersions`), in seat order; empty when none sat in the game. */
  readonly botSeats: readonly BotSeat[];
  /**
   * Null when no built-in bot sat in the game, or when the log does not replay to its end: the bots' moves are then
   * not shown to be theirs, no more than the result is.
   */
  readonly bots: BotChoiceWork | null;
}

/**
 * Checks 1–7 of `doc`, in order; stops early where a later check would be meaningless. `onState` sees the state at
 * every ply the replay reaches, the deal first.
 */
export function replayExport(
  doc: VerifiableExport,
  onState: (state: GameState) => void = () => {},
): ExportReplay {
  const checks: Check[] = [];
  const check = (kind: CheckKind, ok: boolean, text: string): boolean => {
    checks.push({ ok, kind, text });
    return ok;
  };
  const botSeats = botSeatsOf(doc.players);
  const stopped = (): ExportReplay => ({ checks, botSeats: [...botSeats.values()], bots: null });
  if (
    !check(
      'over',
      doc.status === 'FINISHED' || doc.status === 'ABORTED',
      doc.status === 'FINISHED' || doc.status === 'ABORTED'
        ? `the game is over (${doc.status})`
        : `the game is ${doc.status}: its seed stays secret until it is over, so there is nothing to check yet`,
    )
  ) {
    return stopped();
  }
  if (
    !check(
      'rulesVersion',
      isRulesVersion(doc.rulesVersion),
      isRulesVersion(doc.rulesVersion)
        ? `played under rules ${doc.rulesVersion}, which this engine replays`
        : `played under rules ${doc.rulesVersion}, which this engine does not know (it replays ${RULES_VERSIONS.join(', ')}): use an engine that does`,
    )
  ) {
    return stopped();
  }
  const version = doc.rulesVersion as RulesVersion;
  if (doc.seed === null) {
    check('seedRevealed', false, 'the export of a game that is over must reveal its seed');
    return stopped();
  }
  const digest = seedCommitment(version, doc.seed);
  const formula = commitmentFormula(version);
  check(
    'commitment',
    digest === doc.seedCommitment,
    digest === doc.seedCommitment
      ? `${formula} is the commitment published at creation, ${doc.seedCommitment}`
      : `${formula} is ${digest}, not the commitment published at creation, ${doc.seedCommitment}`,
  );
  const mixes = mixesClientSeeds(doc, version);
  const seedProblems = clientSeedProblems(
    version,
    doc.dealChosen,
    doc.seed,
    doc.seats,
    doc.players.map((player) => ({
      seat: player.seat,
      clientSeed: player.clientSeed,
      standIn: player.clientSeedSource === 'SERVER_STAND_IN',
    })),
  );
  check(
    'clientSeeds',
    seedProblems.length === 0,
    seedProblems.length > 0
      ? `client seeds: ${seedProblems.join('; ')}`
      : mixes
        ? `client seeds, in seat order: ${doc.players.map(describeClientSeed).join(', ')}`
        : `no client seeds: ${doc.dealChosen ? 'a chosen deal is dealt from its seed alone' : `${version} takes none`}`,
  );

  checks.push(
    logCheck(
      doc.events.map((event) => event.seq),
      doc.version,
    ),
  );
  const mislabelled = doc.events.find(
    (event) => event.seat !== event.payload.seat || event.type !== event.payload.type,
  );
  check(
    'eventLabels',
    mislabelled === undefined,
    mislabelled === undefined
      ? 'every event’s seat and type are its payload’s'
      : `event ${mislabelled.seq} says seat ${mislabelled.seat} ${mislabelled.type}, its payload seat ${mislabelled.payload.seat} ${mislabelled.payload.type}`,
  );

  const start = startingState(doc);
  if (!start.ok) {
    check('deal', false, start.error);
    return stopped();
  }
  check(
    'deal',
    true,
    start.from === 'position'
      ? 'the game starts from its revealed custom start position (dealChosen: no seed deals it)'
      : mixes
        ? `dealt from the seed and the ${doc.seats} client seeds: setup(options, deal, ${doc.seats} seats)`
        : `dealt from the seed: setup(options, deal, ${doc.seats} seats)`,
  );
  let state = start.state;
  onState(state);
  const decisions: BotDecision[] = [];
  for (const [index, event] of doc.events.entries()) {
    const decision = botDecisionAt(botSeats, state, event.payload, index, event.seq);
    if (decision !== null) decisions.push(decision);
    const next = replayFrom(state, [event.payload]);
    if (!next.ok) {
      check('events', false, `event ${event.seq} does not replay: ${next.violation.reason}`);
      return stopped();
    }
    state = next.state;
    onState(state);
  }
  check('events', true, `all ${doc.events.length} events replay legally`);

  const replayed = state.result;
  const same = canonicalResult(replayed) === canonicalResult(doc.result);
  check(
    'result',
    same,
    same
      ? `the result is the replay's: ${describeResult(replayed)}`
      : `the export says ${describeResult(doc.result)}, the replay ${describeResult(replayed)}`,
  );
  if (replayed !== null) {
    const wrong = doc.players.filter((player) => !followsFrom(replayed, player));
    check(
      'players',
      wrong.length === 0 && doc.players.length === doc.seats,
      wrong.length === 0 && doc.players.length === doc.seats
        ? 'each player’s outcome, placement and score follow from the result'
        : wrong.length > 0
          ? `the outcome, placement or score of ${wrong.map((player) => `seat ${player.seat} (${player.username})`).join(', ')} does not follow from the result`
          : `${doc.players.length} players for ${doc.seats} seats`,
    );
  }
  const game: BotStreamGame = { id: doc.id, rulesVersion: version, seed: doc.seed };
  return {
    checks,
    botSeats: [...botSeats.values()],
    bots: botSeats.size === 0 ? null : { game, decisions },
  };
}

/** Check 5 on a log whose entries have the numbers `seqs`, in the order given, of a game at version `version`. */
export function logCheck(seqs: readonly number[], version: number): Check {
  const gap = seqs.findIndex((seq, index) => seq !== index + 1);
  const complete = gap < 0 && seqs.length === version;
  return {
    ok: complete,
    kind: 'logComplete',
    text: complete
      ? `the log is complete: events 1–${version}, in order`
      : gap >= 0
        ? `the log is not in order or has a gap: entry ${gap + 1} has seq ${seqs[gap]}`
        : `the log has ${seqs.length} events, but the game's version is ${version}`,
  };
}

/** Check 8 as a check, from its finding. */
export function botChoicesCheck(outcome: BotChoicesOutcome): Check {
  return { ok: outcome.ok, kind: 'botChoices', text: outcome.text };
}

// ---------------------------------------------------------------------------------------------------------
// Check 8: the built-in bots' choices, shared with the server's verifyGame (src/export/bot-choice-checks.ts), which
// computes the same choices in its bot threads
// ---------------------------------------------------------------------------------------------------------

/** A seat a built-in bot played, and the versions of its play the export lists for it. */
export interface BotSeat {
  readonly seat: number;
  readonly username: string;
  readonly versions: readonly string[];
  /** The listed versions this engine plays (`BOT_VERSIONS`), as the engine bots that play them. */
  readonly playable: readonly BotName[];
  /** The listed versions it does not play: another release's. */
  readonly unplayable: readonly string[];
}

/** The seat of a player whose `botVersions` are `versions`. */
export function botSeat(seat: number, username: string, versions: readonly string[]): BotSeat {
  const playable: BotName[] = [];
  const unplayable: string[] = [];
  for (const version of versions) {
    // A version is `<name>-<n>` (docs/bots.md#versions): this engine plays only each bot's current one.
    const name = version.slice(0, version.lastIndexOf('-'));
    if (isBotName(name) && BOT_VERSIONS[name] === version) playable.push(name);
    else unplayable.push(version);
  }
  return { seat, username, versions, playable, unplayable };
}

/** The seats whose players list `botVersions`, by seat. */
export function botSeatsOf(
  players: readonly Pick<VerifiablePlayer, 'seat' | 'username' | 'botVersions'>[],
): ReadonlyMap<number, BotSeat> {
  return new Map(
    players.flatMap((player) =>
      player.botVersions === null || player.botVersions.length === 0
        ? []
        : [[player.seat, botSeat(player.seat, player.username, player.botVersions)] as const],
    ),
  );
}

/** One decision of a built-in bot in the log: the move it made, and what its seat saw before it. */
export interface BotDecision {
  /** The event's number in the log. */
  readonly seq: number;
  /** The game's version when the bot decided: the number of events before it (its stream is keyed by it). */
  readonly version: number;
  readonly bot: BotSeat;
  readonly view: GameView;
  /** The move as notation (`pass` for a pass). */
  readonly made: string;
}

/**
 * The bot decision that `event` records, made on `state` (the game after `version` events), or null when the event
 * is no bot's choice: a person's seat, or no move at all (a resignation, or a timeout decided by the server's clock).
 */
export function botDecisionAt(
  seats: ReadonlyMap<number, BotSeat>,
  state: GameState,
  event: GameEvent,
  version: number,
  seq: number,
): BotDecision | null {
  const bot = seats.get(event.seat);
  const command = commandOf(event);
  if (bot === undefined || command.type !== 'move') return null;
  return { seq, version, bot, view: viewFor(state, event.seat), made: command.move };
}

/** A bot decision that is not what the bot chooses, or that this engine cannot replay. */
export interface BotChoiceMismatch {
  readonly decision: BotDecision;
  /** What the seat's versions that this engine plays choose instead (none when it plays none of them). */
  readonly chosen: readonly string[];
}

/**
 * Null when the move `decision` made is the choice of one of its seat's versions (`chosen`: each playable
 * version's choice, in order); otherwise what differs.
 */
export function botChoiceMismatch(
  decision: BotDecision,
  chosen: readonly (string | null)[],
): BotChoiceMismatch | null {
  const made = sameNotation(decision.made);
  if (chosen.some((move) => move !== null && sameNotation(move) === made)) return null;
  return { decision, chosen: chosen.filter((move): move is string => move !== null) };
}

/** A move in the engine's own spelling (as the log records it), so that two spellings of one move compare equal. */
function sameNotation(move: string): string {
  const parsed = parseMove(move);
  return parsed === null ? move : formatMove(parsed);
}

/** The first bot decision that is not the bot's choice, after `replayed` that were. */
export interface FirstBotMismatch {
  readonly replayed: number;
  readonly mismatch: BotChoiceMismatch;
}

/**
 * Check 8's count as the decisions are replayed in log order, shared by every reader. A decision that none of its
 * seat's playable versions chooses is the first mismatch — unless the seat also lists a version this engine does
 * not play (an earlier release's bot, retired since: docs/bots.md#versions), whose choice it may be: such a
 * decision is counted as not checked, and the finding names the versions an engine of their release can check.
 * Neither passed nor failed: the check says what it could not see.
 */
export class BotChoiceTally {
  /** The first decision that is not the bot's choice, after `replayed` that were; null so far. */
  found: FirstBotMismatch | null = null;
  /** Decisions that may be a retired version's choice, not replayed here. */
  unchecked = 0;
  readonly uncheckedVersions = new Set<string>();

  /** Counts decision number `index` (its playable versions chose `chosen`); false once a mismatch is found. */
  add(index: number, decision: BotDecision, chosen: readonly (string | null)[]): boolean {
    const mismatch = botChoiceMismatch(decision, chosen);
    if (mismatch === null) return true;
    if (decision.bot.unplayable.length > 0) {
      this.unchecked += 1;
      for (const version of decision.bot.unplayable) this.uncheckedVersions.add(version);
      return true;
    }
    this.found = { replayed: index - this.unchecked, mismatch };
    return false;
  }
}

/** Check 8's finding: how many bot decisions were replayed, and the first that is not the bot's choice. */
export interface BotChoicesOutcome {
  readonly ok: boolean;
  /** The bot decisions in the log. */
  readonly decisions: number;
  /** Those replayed and found to be the bot's own choice, before the first that is not. */
  readonly replayed: number;
  /** Those that may be a retired bot version's choice, which this engine cannot replay (BotChoiceTally). */
  readonly unchecked: number;
  /** The event (seq) of the first bot decision that is not the bot's choice, or cannot be replayed; else null. */
  readonly firstDiffering: number | null;
  readonly text: string;
}

/**
 * Check 8's finding, from the bot seats, the number of bot decisions in the log and the first that is not the bot's
 * choice (null: every one is).
 */
export function botChoicesOutcome(
  seats: readonly BotSeat[],
  decisions: number,
  tally: BotChoiceTally = new BotChoiceTally(),
): BotChoicesOutcome {
  const bots = seats.map(describeBotSeat).join(', ');
  const { found, unchecked } = tally;
  if (found === null) {
    const replayed = decisions - unchecked;
    const notChecked =
      unchecked === 0
        ? ''
        : `; ${countOf(unchecked, 'decision')} not checked: ${[...tally.uncheckedVersions].join(', ')} is not a version this engine plays (it plays ${Object.values(BOT_VERSIONS).join(', ')}), an engine of that release can check them`;
    return {
      ok: true,
      decisions,
      replayed,
      unchecked,
      firstDiffering: null,
      text:
        decisions === 0
          ? `no move of a built-in bot to replay (${bots})`
          : replayed === 0
            ? `no move of a built-in bot replayed (${bots})${notChecked}`
            : `every move of a built-in bot${unchecked === 0 ? '' : ' checked'} is its own choice: ${countOf(replayed, 'decision')} of ${bots} replayed from its seat’s view${notChecked}`,
    };
  }
  const { replayed, mismatch } = found;
  const { decision, chosen } = mismatch;
  const { bot } = decision;
  const made = `event ${decision.seq} (seat ${bot.seat}, ${bot.username}) is ${decision.made}`;
  const before = `${countOf(replayed, 'bot decision')} before it replayed as the bot’s own`;
  return {
    ok: false,
    decisions,
    replayed,
    unchecked,
    firstDiffering: decision.seq,
    text: `${made}, but the bot (${bot.versions.join(', ')}) chooses ${chosen.join(' or ')} from that seat’s view; ${before}`,
  };
}

function describeBotSeat(bot: BotSeat): string {
  return `seat ${bot.seat} ${bot.username} (${bot.versions.join(', ')})`;
}

function countOf(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The commitment's formula under `version`, for the report. */
function commitmentFormula(version: RulesVersion): string {
  switch (versionParts(version).generator) {
    case 'chacha20-v2':
      return 'SHA-256(encode("malice/v2/commitment", seed))';
    case 'xoshiro128ss-sha256-v1':
      return 'sha256(seed)';
  }
}

function describeClientSeed(player: VerifiablePlayer): string {
  const source =
    player.clientSeedSource === 'SERVER_STAND_IN'
      ? 'the stand-in the seed gives'
      : player.clientSeedSource === 'GIVEN_AFTER_COMMITMENT'
        ? 'given after the commitment'
        : player.clientSeedSource === 'GIVEN_BEFORE_COMMITMENT'
          ? 'given before the commitment'
          : 'of unknown origin';
  return `${player.username} ${player.clientSeed} (${source})`;
}

/** As the server records it (src/games/domain/finish.ts): WIN for the winner, DRAW for a first place without winner. */
function followsFrom(result: GameResult, player: VerifiablePlayer): boolean {
  const group = result.ranking.findIndex((seats) => seats.includes(player.seat));
  if (group < 0) return false;
  const outcome =
    result.winner === player.seat ? 'WIN' : result.winner === null && group === 0 ? 'DRAW' : 'LOSS';
  const score = result.winner === player.seat ? result.score : 0;
  return player.outcome === outcome && player.placement === group + 1 && player.score === score;
}

function canonicalResult(result: GameResult | null): string {
  if (result === null) return 'null';
  const { reason, winner, score, ranking, payoffLeft } = result;
  return JSON.stringify([reason, winner, score, ranking, payoffLeft]);
}

function describeResult(result: GameResult | null): string {
  if (result === null) return 'no result';
  const winner = result.winner === null ? 'a draw' : `winner seat ${result.winner}`;
  return `${result.reason}, ${winner}, score ${result.score}, ranking ${JSON.stringify(result.ranking)}, pay-off cards left ${JSON.stringify(result.payoffLeft)}`;
}

// ---------------------------------------------------------------------------------------------------------
// Reading the file: JSON (one object) or NDJSON (a "kind":"game" header line, then "kind":"event" lines)
// ---------------------------------------------------------------------------------------------------------

/** Reads an export's text, JSON (one object) or NDJSON (a `"kind":"game"` header line, then event lines). */
export function readExport(text: string): VerifiableExport {
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    whole = undefined;
  }
  let doc: Json;
  if (isObject(whole) && whole.kind === undefined) {
    doc = whole;
  } else {
    const lines = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line, index) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          throw new ExportInputError(`line ${index + 1} is not JSON`);
        }
        if (!isObject(parsed)) throw new ExportInputError(`line ${index + 1} is not a JSON object`);
        return parsed;
      });
    const [header, ...events] = lines;
    if (header === undefined || header.kind !== 'game') {
      throw new ExportInputError('neither a JSON export nor NDJSON whose first line has "kind":"game"');
    }
    events.forEach((event, index) => {
      if (event.kind !== 'event')
        throw new ExportInputError(`line ${index + 2} is not a "kind":"event" line`);
    });
    doc = { ...header, events };
  }
  return exportFromValue(doc);
}

/** Reads an export that is already a JSON value (the GraphQL `exportGame` field's JSON scalar). */
export function exportFromValue(value: unknown): VerifiableExport {
  const doc = asObject(value, 'the export');
  if (doc.format !== EXPORT_FORMAT)
    throw new ExportInputError(`not a ${EXPORT_FORMAT} export (format: ${JSON.stringify(doc.format)})`);
  const events = doc.events;
  const players = doc.players;
  if (!Array.isArray(events)) throw new ExportInputError('no events list');
  if (!Array.isArray(players)) throw new ExportInputError('no players list');
  return {
    id: string(doc, 'id'),
    preset: string(doc, 'preset'),
    options: object(doc, 'options') as unknown as StoredOptions,
    seats: integer(doc, 'seats'),
    rulesVersion: string(doc, 'rulesVersion'),
    seedCommitment: string(doc, 'seedCommitment'),
    seed: nullable(doc, 'seed', string),
    startPosition: nullable(doc, 'startPosition', string),
    dealChosen: doc.dealChosen === true,
    status: string(doc, 'status'),
    result: nullable(doc, 'result', object) as unknown as GameResult | null,
    version: integer(doc, 'version'),
    players: players.map((entry, index) => {
      const player = asObject(entry, `players[${index}]`);
      return {
        seat: integer(player, 'seat'),
        username: string(player, 'username'),
        clientSeed: player.clientSeed === undefined ? null : nullable(player, 'clientSeed', string),
        clientSeedSource:
          player.clientSeedSource === undefined ? null : nullable(player, 'clientSeedSource', string),
        outcome: nullable(player, 'outcome', string),
        placement: nullable(player, 'placement', integer),
        score: nullable(player, 'score', integer),
        botVersions: player.botVersions === undefined ? null : nullable(player, 'botVersions', strings),
      };
    }),
    events: events.map((entry, index) => {
      const event = asObject(entry, `events[${index}]`);
      const payload = object(event, 'payload');
      integer(payload, 'seat');
      string(payload, 'type');
      return {
        seq: integer(event, 'seq'),
        seat: integer(event, 'seat'),
        type: string(event, 'type'),
        payload: payload as unknown as GameEvent,
      };
    }),
  };
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asObject(value: unknown, where: string): Json {
  if (!isObject(value)) throw new ExportInputError(`${where} is not an object`);
  return value;
}

function string(from: Json, key: string): string {
  const value = from[key];
  if (typeof value !== 'string') throw new ExportInputError(`"${key}" is not a string`);
  return value;
}

function integer(from: Json, key: string): number {
  const value = from[key];
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new ExportInputError(`"${key}" is not an integer`);
  return value;
}

function strings(from: Json, key: string): string[] {
  const value = from[key];
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string'))
    throw new ExportInputError(`"${key}" is not a list of strings`);
  return value;
}

function object(from: Json, key: string): Json {
  return asObject(from[key], `"${key}"`);
}

function nullable<T>(from: Json, key: string, read: (from: Json, key: string) => T): T | null {
  return from[key] === null ? null : read(from, key);
}
