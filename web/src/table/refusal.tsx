/**
 * A refused move in the reader's language: by `extensions.rule` and `params` (docs/api/errors.md#rule-codes), else by
 * `extensions.code`, else the shared ErrorBox line. The API's own English message stays underneath.
 */
import type { ApiFailure } from '../api';
import { cardName } from '../cards/card';
import { ErrorBox } from '../error-box';
import type { ViolationCode, ViolationParams } from '../../../src/engine/violations';
import { strings, type Words } from './strings';

function words(): Words {
  const S = strings();
  return {
    card: cardName,
    pile: (pile) => {
      if (pile === 'p' || pile === 'c' || pile === 'hand') return S.pileName[pile];
      if (pile.startsWith('c')) return S.centrePile(pile.slice(1));
      if (pile.startsWith('d')) return S.sidePile(pile.slice(1));
      return pile;
    },
  };
}

function isViolationCode(rule: unknown): rule is ViolationCode {
  return typeof rule === 'string' && rule in strings().refusal;
}

/** The refusal's line in the reader's language, or null when the failure is not a refusal the table knows. */
export function refusalText(failure: ApiFailure): string | null {
  const S = strings();
  const rule: unknown = failure.extensions['rule'];
  if (isViolationCode(rule)) {
    // The server's params for this rule (src/engine/violations.ts ViolationParams), as the API passed them on.
    const params = (failure.extensions['params'] ?? {}) as ViolationParams[ViolationCode];
    const line = S.refusal[rule] as (params: ViolationParams[ViolationCode], words: Words) => string;
    return line(params, words());
  }
  return (failure.code !== null && S.refusalByCode[failure.code]) || null;
}

export function Refusal({ failure }: { failure: ApiFailure }) {
  const S = strings();
  const text = refusalText(failure);
  if (text === null) return <ErrorBox error={failure} />;
  const rule = failure.extensions['rule'];
  return (
    <div
      class="error refusal"
      role="alert"
      data-testid="refusal"
      data-code={failure.code ?? ''}
      data-rule={typeof rule === 'string' ? rule : ''}
    >
      <p>
        <strong>{S.refusedTitle}:</strong> {text}
      </p>
      <p class="hint">{failure.message}</p>
    </div>
  );
}
