/**
 * The rules engine in the browser (loaded on demand by finished-game.tsx with `import()`, so it is a chunk of its
 * own and not part of the first load): a finished game's export (docs/api.md "The export format") replayed move
 * by move from its revealed seeds with the engine's own code, and checked as scripts/verify-export.ts checks it
 * (the same src/export/verify-export.ts).
 */
import { formatCard, replayFrom, viewFor } from '../../../src/engine';
import type { GameEvent, GameView } from '../../../src/engine';
import {
  type Check,
  ExportInputError,
  type VerifiableExport,
  exportFromValue,
  startingState,
  verifyExport,
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

export type Verification =
  | { readonly readable: true; readonly checks: readonly Check[]; readonly ok: boolean }
  | { readonly readable: false; readonly error: string; readonly ok: false };

/** The export's checks (src/export/verify-export.ts): ok when every one holds. */
export function verifyExportValue(value: unknown): Verification {
  const doc = readValue(value);
  if (typeof doc === 'string') return { readable: false, error: doc, ok: false };
  const checks = verifyExport(doc);
  return { readable: true, checks, ok: checks.every((check) => check.ok) };
}
