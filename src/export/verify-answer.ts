/**
 * verifyGame's answer (docs/api/exports-and-verification.md#verifygame; the VerifyResult type,
 * src/export/export.types.ts) from the checks of verify-export.ts on the game's export. Each check stands
 * behind one of the answer's five flags, so a check that fails there fails the answer too; the message is the
 * first failed check's own text — the line the command-line verifier prints after FAIL — or, when every check
 * holds, what was checked. Pure: no Nest, no database.
 */
import { BotChoicesOutcome, Check, CheckKind } from './verify-export';

/** VerifyResult but `ok`, which the resolver derives from the five flags. */
export interface VerifyAnswer {
  readonly seedMatchesCommitment: boolean;
  readonly clientSeedsMatch: boolean;
  readonly replayMatches: boolean;
  readonly resultMatches: boolean;
  readonly botChoicesMatch: boolean;
  readonly botDecisionsReplayed: number;
  readonly botDecisionsNotChecked: number;
  readonly firstDifferingBotMove: number | null;
  readonly message: string;
}

/** The answer's five flags (its boolean fields), whose conjunction is VerifyResult's `ok`. */
type VerifyFlag = {
  [K in keyof VerifyAnswer]: VerifyAnswer[K] extends boolean ? K : never;
}[keyof VerifyAnswer];

/** The flag each check stands behind: every check has one, so no failed check leaves `ok` true. */
function flagOf(kind: CheckKind): VerifyFlag {
  switch (kind) {
    // A game that is not over, or under rules the server does not know, is refused before any check
    // (GAME_NOT_ACTIVE, UNSUPPORTED_RULES_VERSION): these stand with the seed that the game reveals.
    case 'over':
    case 'rulesVersion':
    case 'seedRevealed':
    case 'commitment':
      return 'seedMatchesCommitment';
    case 'clientSeeds':
      return 'clientSeedsMatch';
    case 'logComplete':
    case 'eventLabels':
    case 'deal':
    case 'events':
      return 'replayMatches';
    case 'result':
    case 'players':
      return 'resultMatches';
    case 'botChoices':
      return 'botChoicesMatch';
  }
}

/**
 * The check a flag needs to have run, besides none of its checks failing: a replay that stopped at an event shows
 * nothing of the result, and a seed that is not revealed nothing of the commitment. Check 8 is needed only where a
 * built-in bot sat (`verifyAnswer`).
 */
const NEEDED: Readonly<Record<Exclude<VerifyFlag, 'botChoicesMatch'>, CheckKind>> = {
  seedMatchesCommitment: 'commitment',
  clientSeedsMatch: 'clientSeeds',
  replayMatches: 'events',
  resultMatches: 'result',
};

function holds(checks: readonly Check[], flag: VerifyFlag, needed: CheckKind | null): boolean {
  const ran = needed === null || checks.some((check) => check.kind === needed);
  return ran && checks.every((check) => check.ok || flagOf(check.kind) !== flag);
}

/** What the game's checks found, as verify-export.ts's `replayExport` and check 8 (`botChoicesCheck`) give it. */
export interface VerifiedGame {
  /** Checks 1–7, then check 8 where it ran. */
  readonly checks: readonly Check[];
  /** A built-in bot sat in the game: check 8 is needed. */
  readonly botSeated: boolean;
  /** Check 8's finding; null where it did not run. */
  readonly bots: BotChoicesOutcome | null;
  /** The deal mixes in client seeds (verify-export.ts `mixesClientSeeds`): the message says they were checked. */
  readonly mixes: boolean;
}

/** The answer for a dealt game. */
export function verifyAnswer(verified: VerifiedGame): VerifyAnswer {
  const { checks, bots } = verified;
  const failed = checks.find((check) => !check.ok);
  const checked = verified.mixes
    ? 'the seed matches its commitment, the client seeds are in order, every move replays legally and the result is the same'
    : 'the seed matches its commitment, every move replays legally and the result is the same';
  return {
    seedMatchesCommitment: holds(checks, 'seedMatchesCommitment', NEEDED.seedMatchesCommitment),
    clientSeedsMatch: holds(checks, 'clientSeedsMatch', NEEDED.clientSeedsMatch),
    replayMatches: holds(checks, 'replayMatches', NEEDED.replayMatches),
    resultMatches: holds(checks, 'resultMatches', NEEDED.resultMatches),
    botChoicesMatch: holds(checks, 'botChoicesMatch', verified.botSeated ? 'botChoices' : null),
    botDecisionsReplayed: bots?.replayed ?? 0,
    botDecisionsNotChecked: bots?.unchecked ?? 0,
    firstDifferingBotMove: bots?.firstDiffering ?? null,
    message: failed?.text ?? (bots !== null && bots.decisions > 0 ? `${checked}; ${bots.text}` : checked),
  };
}

/**
 * The answer for a game called off before the deal: no hand was dealt and nobody moved, so its seed's checks are all
 * there is (the client seeds and the deal that the checks of a dealt game go on to are not there to check).
 * `untouched`: its log is empty and its version 0; `resultless`: it records no result.
 */
export function calledOffBeforeDealAnswer(
  checks: readonly Check[],
  untouched: boolean,
  resultless: boolean,
): VerifyAnswer {
  const seedChecks = checks.filter((check) => flagOf(check.kind) === 'seedMatchesCommitment');
  const seedMatchesCommitment = holds(seedChecks, 'seedMatchesCommitment', NEEDED.seedMatchesCommitment);
  const failed = seedChecks.find((check) => !check.ok);
  return {
    seedMatchesCommitment,
    clientSeedsMatch: true,
    replayMatches: untouched,
    resultMatches: resultless,
    botChoicesMatch: true,
    botDecisionsReplayed: 0,
    botDecisionsNotChecked: 0,
    firstDifferingBotMove: null,
    message: !seedMatchesCommitment
      ? (failed?.text ?? 'the seed’s commitment was not checked')
      : untouched
        ? 'the seed matches its commitment; the game was called off before the deal, so no deal or move is left to check'
        : 'a game called off before the deal has events in its log',
  };
}
