/** The one way the page shows a failure: the API's own message, and a line in the reader's language by its code. */
import type { ApiFailure } from './api';
import { strings } from './strings';

export function ErrorBox({ error }: { error: ApiFailure }) {
  const S = strings();
  const explained = (error.code !== null && S.errorByCode[error.code]) || S.errorFallback;
  return (
    <div class="error" role="alert" data-code={error.code ?? ''}>
      <p>{error.message}</p>
      <p class="hint">{explained}</p>
    </div>
  );
}
