/**
 * The rules engine in the browser (loaded on demand by finished-game.tsx with `import()`, so it is a chunk of its
 * own and not part of the first load): a finished game's export (docs/api/exports-and-verification.md#the-export-format) replayed move
 * by move from its revealed seeds with the engine's own code, and checked as scripts/verify-export.ts checks it
 * (the same src/export/verify-export.ts); and, where this browser started the deal, checked against what it saw
 * then (the commitment before the deal, its own seed), which the export cannot vouch for by itself.
 */
import { formatCard, replayFrom, viewFor } from '../../../src/engine';
import type { GameEvent, GameView } from '../../../src/engine';
import {
  type BotReplayProgress,
  type Check,
  ExportInputError,
  type VerifiableExport,
  exportFromValue,
  startingState,
  verifyExport,
  verifyExportSteps,
} from '../../../src/export/verify-export';

export interface ReplayStep {
  /** Events applied: 0 is the deal. */
  readonly ply: number;
  /** The event that led here; null at the deal. */
  readonly event: GameEvent | null;
  /** The board as the reader's seat saw it (or a spectator). */
  readonly view: GameView;
  /** Every seat's hand in notation: the game is over, so nothing is hidden any more. */
  readonly hands: readonly (readonly string[])[];
}

export type LoadedReplay =
  | {
      readonly ok: true;
      readonly steps: readonly ReplayStep[];
      /** Why the replay stops before the log's end (an event the engine refuses); null when it reaches it. */
      readonly stopped: string | null;
    }
  | { readonly ok: false; readonly error: string };

/** Every step of the game, the deal first, seen from `viewer`'s seat (null: as a spectator). */
export function loadReplay(value: unknown, viewer: number | null): LoadedReplay {
  const doc = readValue(value);
  if (typeof doc === 'string') return { ok: false, error: doc };
  const start = startingState(doc);
  if (!start.ok) return { ok: false, error: start.error };
  let state = start.state;
  const stepOf = (ply: number, event: GameEvent | null): ReplayStep => ({
    ply,
    event,
    view: viewFor(state, viewer),
    hands: state.seats.map((seat) => seat.hand.map(formatCard)),
  });
  const steps = [stepOf(0, null)];
  for (const [index, event] of doc.events.entries()) {
    // replayFrom works on a copy and checks the event against the rules (`decide`) before applying it.
    const next = replayFrom(state, [event.payload]);
    if (!next.ok) {
      return { ok: true, steps, stopped: `event ${event.seq}: ${next.violation.reason}` };
    }
    state = next.state;
    steps.push(stepOf(index + 1, event.payload));
  }
  return { ok: true, steps, stopped: null };
}

/** The export read, or why it cannot be. */
function readValue(value: unknown): VerifiableExport | string {
  try {
    return exportFromValue(value);
  } catch (error) {
    if (error instanceof ExportInputError) return error.message;
    throw error;
  }
}

/** What this browser saw before the deal (web/src/client-seed.ts SeenDeal), as Verify compares it. */
export interface SeenBeforeDeal {
  readonly commitment: string | null;
  readonly clientSeed: string;
}

/** A check of the export against what this browser saw itself, not against the export's own fields. */
export interface BrowserCheck {
  readonly kind: 'seenCommitment' | 'mySeed';
  readonly ok: boolean;
  /** What was compared, in English like the export's checks. */
  readonly text: string;
}

export type Verification =
  | {
      readonly readable: true;
      readonly checks: readonly Check[];
      /** Null when this browser holds nothing of the deal (another browser's game): the export alone was checked. */
      readonly browserChecks: readonly BrowserCheck[] | null;
      readonly ok: boolean;
    }
  | { readonly readable: false; readonly error: string; readonly ok: false };

/** The export against what this browser saw of the deal: the commitment before it, and `seat`'s own seed. */
function browserChecks(
  doc: VerifiableExport,
  seen: SeenBeforeDeal | null,
  seat: number | null,
): BrowserCheck[] | null {
  if (seen === null || seat === null) return null;
  const checks: BrowserCheck[] = [];
  if (seen.commitment !== null) {
    const same = seen.commitment === doc.seedCommitment;
    checks.push({
      kind: 'seenCommitment',
      ok: same,
      text: same
        ? `the export's commitment ${doc.seedCommitment} is the one shown before the deal`
        : `the export's commitment is ${doc.seedCommitment}, the one shown before the deal ${seen.commitment}`,
    });
  }
  const mine = doc.players.find((player) => player.seat === seat)?.clientSeed ?? null;
  checks.push({
    kind: 'mySeed',
    ok: mine === seen.clientSeed,
    text:
      mine === seen.clientSeed
        ? `seat ${seat + 1}'s client seed ${mine} is the one drawn here`
        : `seat ${seat + 1}'s client seed is ${mine ?? 'none'}, the one drawn here ${seen.clientSeed}`,
  });
  return checks;
}

/**
 * The export's checks (src/export/verify-export.ts), and when this browser saw the deal start (`seen`), the
 * export against that too: ok when every one holds.
 */
export function verifyExportValue(
  value: unknown,
  seen: SeenBeforeDeal | null = null,
  seat: number | null = null,
): Verification {
  const doc = readValue(value);
  if (typeof doc === 'string') return { readable: false, error: doc, ok: false };
  return verification(doc, verifyExport(doc), seen, seat);
}

/**
 * `verifyExportValue` that gives the page back before each bot decision it replays: check 8 runs the bot's search
 * once per decision (an ExpertBot game takes seconds), so the page stays responsive and shows `onProgress`.
 */
export async function verifyExportValueInSteps(
  value: unknown,
  seen: SeenBeforeDeal | null,
  seat: number | null,
  onProgress: (progress: BotReplayProgress) => void,
): Promise<Verification> {
  const doc = readValue(value);
  if (typeof doc === 'string') return { readable: false, error: doc, ok: false };
  const steps = verifyExportSteps(doc);
  for (;;) {
    const step = steps.next();
    if (step.done) return verification(doc, step.value, seen, seat);
    onProgress(step.value);
    // A task of its own for each decision: the browser paints and answers input in between.
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
}

function verification(
  doc: VerifiableExport,
  checks: readonly Check[],
  seen: SeenBeforeDeal | null,
  seat: number | null,
): Verification {
  const ours = browserChecks(doc, seen, seat);
  const ok = checks.every((check) => check.ok) && (ours ?? []).every((check) => check.ok);
  return { readable: true, checks, browserChecks: ours, ok };
}
