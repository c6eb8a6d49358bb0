/**
 * The interactive tutorial of a preset (`/learn/<preset>`, docs/web.md "Tutorial"): a few short lessons, each a
 * position on the board with one move (or a short sequence) to make. The rules engine runs in the browser
 * (tutorial-engine.ts, its own chunk, loaded here with `import()`), so no account and no server game are needed;
 * every move tried is decided by the engine, and the page says why one is refused — in the table's words for the
 * engine's violation codes (web/src/table/refusal.tsx) — or why an allowed one is not the lesson's.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure } from '../api';
import { Board, type BoardHighlight, type BoardPlay } from '../board/board';
import { strings as boardStrings } from '../board/strings';
import { cardName } from '../cards/card';
import type { Preset } from '../generated/graphql';
import { Link, PRESETS } from '../router';
import { refusalText } from '../table/refusal';
import { legalTargets } from '../table/moves';
import { useLanguage } from '../use-language';
import { READER, TUTORIALS, type Lesson } from './lessons';
import type { Attempt, LessonRun } from './tutorial-engine';
import { strings } from './strings';
import './tutorial.css';

type TutorialEngine = typeof import('./tutorial-engine');

/** The engine once loaded: kept for the page's life, so switching presets does not load it again. */
let loadedEngine: TutorialEngine | null = null;

/** The engine module, null until it has loaded; 'failed' when it could not be fetched. */
function useTutorialEngine(): TutorialEngine | null | 'failed' {
  const [engine, setEngine] = useState<TutorialEngine | null | 'failed'>(loadedEngine);
  useEffect(() => {
    if (engine !== null) return undefined;
    let current = true;
    import('./tutorial-engine').then(
      (module) => {
        loadedEngine = module;
        if (current) setEngine(module);
      },
      () => current && setEngine('failed'),
    );
    return () => void (current = false);
  }, []);
  return engine;
}

/** The engine's refusal of a move: its code and params say why (src/engine/violations.ts). */
type Refusal = Extract<Attempt, { kind: 'refused' }>['violation'];

/** What the page last said about the reader's move (written out at render, so it follows the language switch). */
type Feedback =
  | { readonly kind: 'refused'; readonly violation: Refusal }
  | { readonly kind: 'offTrack'; readonly discard: boolean }
  | { readonly kind: 'step' }
  | { readonly kind: 'done' };

/** One lesson in progress. */
interface Playing {
  readonly index: number;
  readonly run: LessonRun;
  readonly selected: string | null;
  readonly feedback: Feedback | null;
  readonly highlight: BoardHighlight | null;
}

/** A refused move in the reader's language: the table's line for the engine's violation, else its English reason. */
function refusedText({ code, params, reason }: Refusal): string {
  return refusalText(new ApiFailure(reason, null, { rule: code, params })) ?? reason;
}

/** A source in words, as the board names it: "seven of hearts", "Pay-off pile", "Side pile 2". */
function sourceText(source: string): string {
  const B = boardStrings();
  if (source === 'p') return B.payoff;
  if (/^d\d+$/.test(source)) return B.sidePile(Number(source.slice(1)));
  return cardName(source);
}

export function TutorialPage({ preset }: { preset: Preset }) {
  useLanguage();
  const S = strings();
  const engine = useTutorialEngine();
  const lessons = TUTORIALS[preset];
  const [playing, setPlaying] = useState<Playing | null>(null);
  const index = playing?.index ?? 0;
  const lesson = lessons[index] as Lesson;

  const start = (at: number): void => {
    if (engine === null || engine === 'failed') return;
    const next = lessons[at] as Lesson;
    setPlaying({
      index: at,
      run: engine.startLesson(preset, next),
      selected: null,
      feedback: null,
      highlight: null,
    });
  };
  useEffect(() => {
    if (playing === null) start(0);
  }, [engine]);

  // A new lesson (Next, Back) starts at its title: on a phone the buttons are far below it. Focus brings it into
  // view and tells a screen reader where it is; the first lesson's page load leaves focus where the browser puts it.
  const heading = useRef<HTMLHeadingElement>(null);
  const shownIndex = useRef(index);
  useEffect(() => {
    if (shownIndex.current !== index) heading.current?.focus();
    shownIndex.current = index;
  }, [index]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPlaying((now) => (now === null ? now : { ...now, selected: null }));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const choose = (source: string, target: string): void => {
    if (playing === null || engine === null || engine === 'failed') return;
    const result = engine.attempt(lesson, playing.run, source, target);
    switch (result.kind) {
      case 'refused':
        setPlaying({
          ...playing,
          selected: null,
          feedback: { kind: 'refused', violation: result.violation },
        });
        return;
      case 'offTrack':
        setPlaying({ ...playing, selected: null, feedback: { kind: 'offTrack', discard: result.discard } });
        return;
      case 'goal': {
        const { event } = result;
        const place = event.type === 'played' ? `c${event.slot}` : event.type === 'discarded' ? target : null;
        setPlaying({
          ...playing,
          run: result.run,
          selected: null,
          feedback: { kind: result.run.done ? 'done' : 'step' },
          highlight: place === null ? null : { seat: READER, place, seq: (playing.highlight?.seq ?? 0) + 1 },
        });
        return;
      }
      default: {
        const never: never = result;
        return never;
      }
    }
  };

  const run = playing?.run ?? null;
  const done = run?.done ?? false;
  const selected = playing?.selected ?? null;
  const play: BoardPlay | undefined =
    run === null || done
      ? undefined
      : {
          selected,
          legalTargets: legalTargets(run.legalMoves, selected),
          newPileTarget: run.view.centerPiles.length < run.view.maxCenterPiles,
          onSource: (source) =>
            setPlaying(
              (now) => now && { ...now, selected: now.selected === source ? null : source, feedback: null },
            ),
          onTarget: (target) => {
            if (selected !== null) choose(selected, target);
          },
          onDrop: choose,
        };
  const last = index === lessons.length - 1;
  const texts = S.lessons[lesson.id];

  return (
    <div
      class="tutorial"
      data-testid="tutorial"
      data-preset={preset}
      data-lesson={index}
      data-done={String(done)}
    >
      <h1>
        {S.title}: {S.presetName[preset]}
      </h1>
      <nav class="tutorial-tabs" aria-label={S.presets}>
        {PRESETS.map((name) => (
          <Link
            key={name}
            to={{ page: 'learn', preset: name }}
            class={name === preset ? 'tutorial-tab current' : 'tutorial-tab'}
            current={name === preset}
            testId={`tutorial-tab-${name.toLowerCase()}`}
          >
            {S.presetName[name]}
          </Link>
        ))}
      </nav>
      <section class="card tutorial-lesson" aria-labelledby="tutorial-title">
        <p class="muted tutorial-progress" data-testid="tutorial-progress">
          {S.progress(index + 1, lessons.length)}
        </p>
        <h2 id="tutorial-title" data-testid="tutorial-title" tabIndex={-1} ref={heading}>
          {texts.title}
        </h2>
        <p>
          {texts.intro}
          {lesson.notes.map((note) => ` ${S.notes[note]}`).join('')}
        </p>
        <p class="tutorial-task" data-testid="tutorial-task">
          <strong>{S.task}:</strong> {S.tasks[lesson.task]}
        </p>
        {engine === 'failed' ? (
          <p class="error">{S.loadFailed}</p>
        ) : run === null ? (
          <p class="muted">{S.loading}</p>
        ) : (
          <Board
            view={run.view}
            mySeat={READER}
            names={[]}
            play={play}
            highlight={playing?.highlight ?? null}
          />
        )}
        <Hint feedback={playing?.feedback ?? null} offTrack={texts.offTrack} done={texts.done} />
        {play !== undefined && (
          <p class="hint" data-testid="tutorial-selection">
            {selected === null ? S.selectHint : S.selected(sourceText(selected))}
          </p>
        )}
        <div class="tutorial-actions">
          <button
            type="button"
            class="secondary"
            data-testid="tutorial-back"
            disabled={index === 0 || run === null}
            onClick={() => start(index - 1)}
          >
            {S.back}
          </button>
          {done && (
            <button type="button" class="secondary" data-testid="tutorial-again" onClick={() => start(index)}>
              {S.again}
            </button>
          )}
          {!last && (
            <button
              type="button"
              class={done ? undefined : 'secondary'}
              data-testid="tutorial-next"
              disabled={run === null}
              onClick={() => start(index + 1)}
            >
              {S.next}
            </button>
          )}
        </div>
      </section>
      {last && (
        <section class="card tutorial-end" data-testid="tutorial-end">
          <p>{S.lastLesson}</p>
          <p class="tutorial-links">
            <Link to="/?play=computer" testId="tutorial-play-computer">
              {S.playComputer}
            </Link>
            <Link to={{ page: 'rules', preset }} testId="tutorial-rules">
              {S.readRules}
            </Link>
          </p>
        </section>
      )}
    </div>
  );
}

/** What the page says to the last move: why it was refused, why it is not the lesson's, or that it was right. */
function Hint({ feedback, offTrack, done }: { feedback: Feedback | null; offTrack: string; done: string }) {
  const S = strings();
  const text = (() => {
    if (feedback === null) return '';
    switch (feedback.kind) {
      case 'refused':
        return `${S.refusedTitle}: ${refusedText(feedback.violation)}`;
      case 'offTrack':
        return `${feedback.discard ? S.discardEndsTurn : S.allowed} ${offTrack}`;
      case 'step':
        return S.stepDone;
      case 'done':
        return `${S.wellDone} ${done}`;
      default: {
        const never: never = feedback;
        return never;
      }
    }
  })();
  // Always in the page, so a screen reader announces each new text (a live region added with its text may not be).
  return (
    <p
      class={`tutorial-hint${feedback === null ? '' : ` ${feedback.kind}`}`}
      data-testid="tutorial-hint"
      data-kind={feedback?.kind ?? ''}
      data-rule={feedback?.kind === 'refused' ? feedback.violation.code : undefined}
      role="status"
      aria-live="polite"
    >
      {text}
    </p>
  );
}
