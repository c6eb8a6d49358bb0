/**
 * Verify: the export's checks (src/export/verify-export.ts, the same as scripts/verify-export.ts) run in the
 * browser — the seed matches the commitment in the export, the client seeds are in order, every move replays
 * legally from the deal, and the replay ends with the recorded result. Those say the export agrees with itself;
 * where this browser started the deal, it also checks the export against what it kept then (web/src/client-seed.ts
 * `rememberedDeal`): the commitment it showed before the deal, and the seed it drew. Each check is listed with ✓ or
 * ✗; without that record the panel says the export alone was checked (docs/web.md, "Verify"). In a game against a
 * built-in bot, every move of the bot is replayed from the revealed seed (one search each: seconds for ExpertBot),
 * a decision at a time, with the count shown meanwhile. The verdict says in plain words what the checks mean; the
 * formulas and each check's finding fold away under "Details" (open when a check failed).
 */
import { useState } from 'preact/hooks';
import type { BotReplayProgress } from '../../../src/export/verify-export';
import { rememberedDeal } from '../client-seed';
import type { BrowserCheck, Verification } from './engine-replay';
import type { EngineReplay } from './replay-viewer';
import { strings } from './strings';

/**
 * How a game was dealt, as the plain words tell it (docs/fairness.md): by the server's seed with the players'
 * seeds mixed in, by a seed alone (a chosen deal, or a game of the old generator), or from a written position.
 */
export const DEALT_BY = ['seeds', 'seed', 'position'] as const;
export type DealtBy = (typeof DEALT_BY)[number];

/** How a finished game was dealt, from what the API reveals of it. */
export function dealtBy(game: {
  readonly startPosition?: string | null;
  readonly players: readonly { readonly clientSeed?: string | null }[];
}): DealtBy {
  if (game.startPosition !== null && game.startPosition !== undefined) return 'position';
  return game.players.some((player) => player.clientSeed !== null && player.clientSeed !== undefined)
    ? 'seeds'
    : 'seed';
}

/** The hashes the checks compute (docs/fairness.md, "The deal is a function of the seeds"): the same in every language. */
const FORMULAS = [
  'commitment = SHA-256(encode("malice/v2/commitment", seed))',
  'key = SHA-256(encode("malice/v2/deal-key", seed, n, c₀, …, cₙ₋₁))',
] as const;

export function VerifyPanel({
  engine,
  exported,
  gameId,
  mySeat,
  dealt,
}: {
  engine: EngineReplay;
  exported: unknown;
  gameId: string;
  mySeat: number | null;
  dealt: DealtBy;
}) {
  const S = strings();
  const [verification, setVerification] = useState<Verification | null>(null);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<BotReplayProgress | null>(null);
  const verify = (): void => {
    setChecking(true);
    setVerification(null);
    setProgress(null);
    // Read at the click: what this browser kept is compared as it is now.
    void engine
      .verifyExportValueInSteps(exported, rememberedDeal(gameId), mySeat, setProgress)
      .then(setVerification)
      .finally(() => setChecking(false));
  };
  return (
    <div class="verify">
      <button type="button" data-testid="verify" disabled={checking} onClick={verify}>
        {S.verify}
      </button>
      {checking && (
        <p class="hint" data-testid="verify-progress" role="status">
          {progress === null ? S.verifying : S.replayingBot(progress.replayed, progress.of)}
        </p>
      )}
      {verification !== null && <VerifyResult verification={verification} dealt={dealt} />}
    </div>
  );
}

function VerifyResult({ verification, dealt }: { verification: Verification; dealt: DealtBy }) {
  const S = strings();
  if (!verification.readable) {
    return (
      <div class="verify-result bad" data-testid="verify-result" data-ok="false" role="status">
        <p>
          <span aria-hidden="true">✗ </span>
          {S.unreadable(verification.error)}
        </p>
      </div>
    );
  }
  const failed = [...verification.checks, ...(verification.browserChecks ?? [])].filter(
    (check) => !check.ok,
  ).length;
  // A game against a built-in bot: check 8 replayed its moves (src/export/verify-export.ts).
  const bot = verification.checks.some((check) => check.kind === 'botChoices');
  return (
    <div
      class={`verify-result ${verification.ok ? 'good' : 'bad'}`}
      data-testid="verify-result"
      data-ok={String(verification.ok)}
      role="status"
    >
      <p class="verify-verdict">
        <span aria-hidden="true">{verification.ok ? '✓ ' : '✗ '}</span>
        {verification.ok ? S.verified : S.notVerified(failed)}
      </p>
      <p class="verify-plain" data-testid="verify-plain">
        {verification.ok ? S.plainWords[dealt] : S.plainFailed}
        {verification.ok && bot && <> {S.plainBot}</>}
      </p>
      <p
        class="hint"
        data-testid="verify-scope"
        data-scope={verification.browserChecks === null ? 'export' : 'browser'}
      >
        {verification.browserChecks === null ? S.exportOnly : S.againstBrowser}
      </p>
      {/* Open by itself when something failed: which check, and what was found, is then the point. */}
      <details class="verify-details" data-testid="verify-details" open={!verification.ok}>
        <summary>{S.details}</summary>
        <p class="hint">{S.formulaLead}</p>
        <p class="verify-formulas" lang="en">
          {FORMULAS.map((formula) => (
            <code key={formula}>{formula}</code>
          ))}
        </p>
        <p class="hint">{S.deckShuffled}</p>
        <ul class="verify-checks">
          {verification.checks.map((check, index) => (
            <li
              key={index}
              data-kind={check.kind}
              data-ok={String(check.ok)}
              class={check.ok ? 'good' : 'bad'}
            >
              <span class="verify-mark" aria-hidden="true">
                {check.ok ? '✓' : '✗'}
              </span>{' '}
              {S.checks[check.kind]}
              {/* The engine's own finding, as the command line prints it: hashes, seeds, the event at fault. */}
              <small class="verify-detail muted" lang="en">
                {check.text}
              </small>
            </li>
          ))}
          {verification.browserChecks?.map((check) => (
            <BrowserCheckItem key={check.kind} check={check} />
          ))}
        </ul>
      </details>
    </div>
  );
}

function BrowserCheckItem({ check }: { check: BrowserCheck }) {
  const S = strings();
  return (
    <li data-kind={check.kind} data-ok={String(check.ok)} class={check.ok ? 'good' : 'bad'}>
      <span class="verify-mark" aria-hidden="true">
        {check.ok ? '✓' : '✗'}
      </span>{' '}
      {S.browserChecks[check.kind][check.ok ? 'ok' : 'failed']}
      <small class="verify-detail muted" lang="en">
        {check.text}
      </small>
    </li>
  );
}
