/**
 * Verify: the export's checks (src/export/verify-export.ts, the same as scripts/verify-export.ts) run in the
 * browser — the seed matches the commitment published at creation, the client seeds are in order, every move
 * replays legally from the deal, and the replay ends with the recorded result. Each check is listed with ✓ or ✗.
 */
import { useState } from 'preact/hooks';
import type { Verification } from './engine-replay';
import type { EngineReplay } from './replay-viewer';
import { strings } from './strings';

export function VerifyPanel({ engine, exported }: { engine: EngineReplay; exported: unknown }) {
  const S = strings();
  const [verification, setVerification] = useState<Verification | null>(null);
  return (
    <div class="verify">
      <button
        type="button"
        data-testid="verify"
        onClick={() => setVerification(engine.verifyExportValue(exported))}
      >
        {S.verify}
      </button>
      {verification !== null && <VerifyResult verification={verification} />}
    </div>
  );
}

function VerifyResult({ verification }: { verification: Verification }) {
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
  const failed = verification.checks.filter((check) => !check.ok).length;
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
      <ul class="verify-checks">
        {verification.checks.map((check, index) => (
          <li key={index} data-kind={check.kind} data-ok={String(check.ok)} class={check.ok ? 'good' : 'bad'}>
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
      </ul>
    </div>
  );
}
