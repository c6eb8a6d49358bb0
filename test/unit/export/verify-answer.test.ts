/**
 * verifyGame's answer from the checks (src/export/verify-answer.ts), on exports of games played by the engine alone:
 * every check stands behind a flag, so no failed check leaves the answer `ok`; a flag holds only when its check ran
 * (a replay that stops shows nothing of the result, nor of a bot's moves); the message is the first failed check's
 * text; and a game called off before the deal is judged by its seed alone.
 */
import { standInClientSeed } from '../../../src/engine';
import { buildGameExport, toJson } from '../../../src/export/game-export';
import { VerifyAnswer, calledOffBeforeDealAnswer, verifyAnswer } from '../../../src/export/verify-answer';
import {
  CHECK_KINDS,
  Check,
  VerifiableExport,
  botChoicesCheck,
  botChoicesOutcome,
  exportFromValue,
  replayExport,
} from '../../../src/export/verify-export';
import { botGame } from './bot-game';
import { engineGame } from './engine-game';

const HONEST =
  'the seed matches its commitment, the client seeds are in order, every move replays legally and the result is the same';

const played = engineGame(
  {
    preset: 'classic',
    overrides: { payoffSize: 5 },
    seats: 2,
    seed: 'verify-answer',
    clientSeeds: ['ann-answer', standInClientSeed('verify-answer', 1)],
  },
  'verify-answer-chooser',
);

/** The export as the verifier reads it, after `edit` on a plain copy. */
function exported(edit: (doc: Record<string, unknown>) => void = () => {}): VerifiableExport {
  const doc = JSON.parse(toJson(buildGameExport(played.game, played.events))) as Record<string, unknown>;
  edit(doc);
  return exportFromValue(doc);
}

/** The answer for a game without a bot, from its export's checks 1–7. */
function answerFor(doc: VerifiableExport): VerifyAnswer {
  return verifyAnswer({ checks: replayExport(doc).checks, botSeated: false, bots: null, mixes: true });
}

/** The answer's five flags, whose conjunction is VerifyResult's `ok` (src/export/export.resolver.ts). */
const flags = (answer: VerifyAnswer): boolean[] => [
  answer.seedMatchesCommitment,
  answer.clientSeedsMatch,
  answer.replayMatches,
  answer.resultMatches,
  answer.botChoicesMatch,
];

describe('verifyAnswer', () => {
  it('passes an honest game with every flag, and says what was checked', () => {
    expect(played.game.status).toBe('FINISHED');
    expect(answerFor(exported())).toEqual({
      seedMatchesCommitment: true,
      clientSeedsMatch: true,
      replayMatches: true,
      resultMatches: true,
      botChoicesMatch: true,
      botDecisionsReplayed: 0,
      botDecisionsNotChecked: 0,
      firstDifferingBotMove: null,
      message: HONEST,
    });
  });

  it('leaves no failed check without a false flag, whichever check it is', () => {
    const honest = replayExport(exported()).checks;
    for (const kind of CHECK_KINDS) {
      const failing: Check = { ok: false, kind, text: `${kind} failed` };
      const checks = honest.some((check) => check.kind === kind)
        ? honest.map((check) => (check.kind === kind ? failing : check))
        : [...honest, failing];
      const answer = verifyAnswer({ checks, botSeated: kind === 'botChoices', bots: null, mixes: true });
      expect({ kind, allHold: flags(answer).every(Boolean) }).toEqual({ kind, allHold: false });
      expect(answer.message).toBe(`${kind} failed`);
    }
  });

  it('holds no flag whose check did not run: another seed fails the commitment, and the result is never reached', () => {
    const answer = answerFor(exported((doc) => (doc.seed = 'another seed')));
    expect(answer).toMatchObject({
      seedMatchesCommitment: false,
      // Seat 1's stand-in is the original seed's.
      clientSeedsMatch: false,
      replayMatches: false,
      resultMatches: false,
    });
    expect(answer.message).toMatch(
      /^SHA-256\(encode\("malice\/v2\/commitment", seed\)\) is [0-9a-f]{64}, not /,
    );
  });

  it('fails the bots’ moves where a bot sat but the log stops replaying before check 8', () => {
    const game = botGame({ bot: 'random', preset: 'classic', index: 31, overrides: { payoffSize: 5 } });
    const doc = JSON.parse(toJson(game.export)) as { events: { type: string; payload: { card?: string } }[] };
    const changed = doc.events.find((event) => event.type === 'played')!;
    changed.payload.card = changed.payload.card === 'KS' ? 'QS' : 'KS';
    const replayed = replayExport(exportFromValue(doc));
    expect(replayed.botSeats).toHaveLength(1);
    expect(replayed.bots).toBeNull();
    const answer = verifyAnswer({ checks: replayed.checks, botSeated: true, bots: null, mixes: true });
    expect(answer).toMatchObject({ replayMatches: false, resultMatches: false, botChoicesMatch: false });
    expect(answer.message).toMatch(/ does not replay: /);
  });

  it('adds check 8’s finding to the message of a game that passes', () => {
    const game = botGame({ bot: 'random', preset: 'classic', index: 32, overrides: { payoffSize: 5 } });
    const replayed = replayExport(exportFromValue(JSON.parse(toJson(game.export))));
    const decisions = replayed.bots?.decisions.length ?? 0;
    expect(decisions).toBe(game.botMoves.length);
    // Every decision the bot's own (BotChoiceTally found no mismatch): what check 8 says then.
    const bots = botChoicesOutcome(replayed.botSeats, decisions);
    const answer = verifyAnswer({
      checks: [...replayed.checks, botChoicesCheck(bots)],
      botSeated: true,
      bots,
      mixes: true,
    });
    expect(answer).toMatchObject({ botChoicesMatch: true, botDecisionsReplayed: decisions });
    expect(answer.message).toBe(`${HONEST}; ${bots.text}`);
  });
});

describe('calledOffBeforeDealAnswer', () => {
  /** The export of a game called off before the deal: no client seeds, no events. */
  const undealt = (seed: string): VerifiableExport =>
    exportFromValue(
      JSON.parse(
        toJson(
          buildGameExport(
            {
              ...played.game,
              seed,
              status: 'ABORTED',
              version: 0,
              result: null,
              startedAt: null,
              players: played.game.players.map((player) => ({
                ...player,
                clientSeed: null,
                clientSeedSource: null,
                outcome: null,
                placement: null,
                score: null,
              })),
            },
            [],
          ),
        ),
      ),
    );

  it('judges the seed alone: the client seeds that were never given are not held against it', () => {
    const checks = replayExport(undealt(played.game.seed)).checks;
    // What the export's checks say of the missing client seeds, which the answer leaves out.
    expect(checks.filter((check) => !check.ok).map((check) => check.kind)).toEqual(['clientSeeds']);
    expect(calledOffBeforeDealAnswer(checks, true, true)).toEqual({
      seedMatchesCommitment: true,
      clientSeedsMatch: true,
      replayMatches: true,
      resultMatches: true,
      botChoicesMatch: true,
      botDecisionsReplayed: 0,
      botDecisionsNotChecked: 0,
      firstDifferingBotMove: null,
      message:
        'the seed matches its commitment; the game was called off before the deal, so no deal or move is left to check',
    });
    expect(calledOffBeforeDealAnswer(checks, false, true)).toMatchObject({
      replayMatches: false,
      message: 'a game called off before the deal has events in its log',
    });
  });

  it('fails another seed with the commitment check’s own text', () => {
    const answer = calledOffBeforeDealAnswer(replayExport(undealt('another seed')).checks, true, true);
    expect(answer.seedMatchesCommitment).toBe(false);
    expect(answer.message).toMatch(
      /^SHA-256\(encode\("malice\/v2\/commitment", seed\)\) is [0-9a-f]{64}, not /,
    );
  });
});
