/**
 * The one way the page shows a failure: a line in the reader's language first — by the API's `extensions.reason`,
 * else its `extensions.code` (docs/api/errors.md), or the fault the client found itself (web/src/api.ts
 * ClientFault) — and the API's own message, which is English, under it as the detail.
 */
import type { ApiFailure, ClientFault } from './api';
import { strings } from './strings';

function faultText(fault: ClientFault): string {
  const texts = strings().clientFault;
  switch (fault.kind) {
    case 'UNREACHABLE':
      return texts.UNREACHABLE;
    case 'HTTP_STATUS':
      return texts.HTTP_STATUS(fault.status);
    case 'EMPTY_ANSWER':
      return texts.EMPTY_ANSWER;
    default: {
      const never: never = fault;
      return never;
    }
  }
}

/** The failure's line in the reader's language. */
export function failureText(error: ApiFailure): string {
  const S = strings();
  if (error.fault !== null) return faultText(error.fault);
  const reason = error.extensions['reason'];
  return (
    (typeof reason === 'string' && S.errorByReason[reason]) ||
    (error.code !== null && S.errorByCode[error.code]) ||
    S.errorFallback
  );
}

/**
 * `text` replaces the translated line where the page knows better what the refusal means there (a wrong code at
 * the second step of sign-in is not a wrong password); the API's message still goes under it.
 */
export function ErrorBox({ error, text }: { error: ApiFailure; text?: string }) {
  const S = strings();
  return (
    <div class="error" role="alert" data-code={error.code ?? ''}>
      <p data-testid="error-text">{text ?? failureText(error)}</p>
      {error.fault === null && (
        <p class="hint" data-testid="error-detail">
          {S.serverSaid}: <span lang="en">{error.message}</span>
        </p>
      )}
    </div>
  );
}
