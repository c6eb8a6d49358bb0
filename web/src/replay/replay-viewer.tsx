/**
 * The local replay of a game that is over: its export (`exportGame`, fetched once) replayed move by move in the
 * browser by the rules engine itself (engine-replay.ts, loaded on demand), so stepping asks the server nothing.
 * First, previous, next, last, a slider and the keys ← → Home End; each step shows the board, the move just made,
 * the stock and every hand. Verify runs the export's checks (src/export/verify-export.ts) here too.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { Board } from '../board/board';
import { ErrorBox } from '../error-box';
import type { ReplayExportQuery, ReplayExportQueryVariables } from '../generated/graphql';
import type { LoadedReplay, ReplayStep } from './engine-replay';
import { cardText, suitClass } from '../cards/card-text';
import { factsOfEvent, moveText } from './move-text';
import REPLAY from './replay.graphql?raw';
import { strings } from './strings';
import { type DealtBy, VerifyPanel } from './verify-panel';

declare module '../api' {
  interface Operations {
    ReplayExport: [ReplayExportQuery, ReplayExportQueryVariables];
  }
}

export type EngineReplay = typeof import('./engine-replay');

interface Loaded {
  readonly engine: EngineReplay;
  /** The export as the API gave it (a JSON value), for Verify. */
  readonly exported: unknown;
  readonly replay: LoadedReplay;
}

export function ReplayViewer({
  gameId,
  mySeat,
  names,
  dealt,
}: {
  gameId: string;
  mySeat: number | null;
  names: readonly string[];
  /** How the game was dealt, for Verify's plain words. */
  dealt: DealtBy;
}) {
  const S = strings();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);

  useEffect(() => {
    let current = true;
    Promise.all([import('./engine-replay'), request(REPLAY, 'ReplayExport', { id: gameId })])
      .then(([engine, data]) => {
        if (!current) return;
        setLoaded({ engine, exported: data.exportGame, replay: engine.loadReplay(data.exportGame, mySeat) });
      })
      .catch((failure: unknown) => current && setError(asFailure(failure)));
    return () => {
      current = false;
    };
  }, [gameId, mySeat]);

  return (
    <section class="card replay" data-testid="replay" aria-labelledby="replay-title">
      <h2 id="replay-title">{S.replay}</h2>
      {error !== null && <ErrorBox error={error} />}
      {error === null && loaded === null && <p class="muted">{S.loadingReplay}</p>}
      {loaded !== null &&
        (loaded.replay.ok ? (
          <>
            <Stepper steps={loaded.replay.steps} mySeat={mySeat} names={names} />
            {loaded.replay.stopped !== null && (
              <p class="error">
                {S.replayStopped(loaded.replay.steps.length - 1)}{' '}
                {/* The engine's own reason, in English as the command line prints it. */}
                <span lang="en">{loaded.replay.stopped}</span>
              </p>
            )}
          </>
        ) : (
          <p class="error" data-testid="no-replay">
            {S.noReplay(loaded.replay.error)}
          </p>
        ))}
      {loaded !== null && (
        <VerifyPanel
          engine={loaded.engine}
          exported={loaded.exported}
          gameId={gameId}
          mySeat={mySeat}
          dealt={dealt}
        />
      )}
    </section>
  );
}

const KEY_STEPS = {
  ArrowLeft: (ply: number) => ply - 1,
  ArrowRight: (ply: number) => ply + 1,
  Home: () => 0,
  End: (_ply: number, last: number) => last,
} as const satisfies Record<string, (ply: number, last: number) => number>;

function isStepKey(key: string): key is keyof typeof KEY_STEPS {
  return key in KEY_STEPS;
}

function Stepper({
  steps,
  mySeat,
  names,
}: {
  steps: readonly ReplayStep[];
  mySeat: number | null;
  names: readonly string[];
}) {
  const S = strings();
  const last = steps.length - 1;
  // A replay opens at the end: the position the result was reached in.
  const [ply, setPly] = useState(last);
  const go = (next: number) => setPly(Math.max(0, Math.min(last, next)));
  const step = steps[Math.max(0, Math.min(last, ply))];
  if (step === undefined) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    // The slider answers these keys itself (and says so with onInput).
    if (event.target instanceof HTMLInputElement || !isStepKey(event.key)) return;
    event.preventDefault();
    go(KEY_STEPS[event.key](ply, last));
  };

  return (
    <div
      class="stepper"
      data-testid="replay-stepper"
      role="group"
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label={S.replay}
    >
      <div class="stepper-controls" role="group" aria-label={S.step}>
        <button type="button" data-testid="replay-first" onClick={() => go(0)} disabled={ply === 0}>
          <span aria-hidden="true">«</span> {S.first}
        </button>
        <button type="button" data-testid="replay-previous" onClick={() => go(ply - 1)} disabled={ply === 0}>
          <span aria-hidden="true">‹</span> {S.previous}
        </button>
        <button type="button" data-testid="replay-next" onClick={() => go(ply + 1)} disabled={ply === last}>
          {S.next} <span aria-hidden="true">›</span>
        </button>
        <button type="button" data-testid="replay-last" onClick={() => go(last)} disabled={ply === last}>
          {S.last} <span aria-hidden="true">»</span>
        </button>
      </div>
      <label class="stepper-slider">
        <span>{step.ply === 0 ? S.theDeal : S.stepOf(step.ply, last)}</span>
        <input
          type="range"
          data-testid="replay-slider"
          min={0}
          max={last}
          value={step.ply}
          aria-valuetext={step.ply === 0 ? S.theDeal : S.stepOf(step.ply, last)}
          onInput={(event) => go(Number(event.currentTarget.value))}
        />
      </label>
      <Board view={step.view} mySeat={mySeat} names={names} />
      <StepLine step={step} names={names} />
    </div>
  );
}

/** The step in words: the move just made, the stock, and every hand (the game is over: all of them are shown). */
function StepLine({ step, names }: { step: ReplayStep; names: readonly string[] }) {
  const S = strings();
  const event = step.event;
  return (
    <div
      class="replay-step"
      data-testid="replay-step"
      data-ply={step.ply}
      data-stock={step.view.stockCount}
      aria-live="polite"
    >
      <p class="replay-move" data-testid="replay-move">
        {event === null
          ? S.theDeal
          : `${names[event.seat] ?? S.seat(event.seat)}: ${moveText(factsOfEvent(event))}`}
      </p>
      <p class="muted" data-testid="replay-stock">
        {S.stock(step.view.stockCount)}
      </p>
      <h3 class="replay-hands-title">{S.hands}</h3>
      <ul class="replay-hands">
        {step.hands.map((hand, seat) => (
          <li key={seat} data-testid="replay-hand" data-seat={seat} data-cards={hand.join(' ')}>
            <span class="replay-hand-name">{names[seat] ?? S.seat(seat)}</span>{' '}
            {hand.length === 0 ? (
              <span class="muted">{S.emptyHand}</span>
            ) : (
              hand.map((card, index) => (
                <span key={index} class={`card-text ${suitClass(card)}`}>
                  {cardText(card)}
                </span>
              ))
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
