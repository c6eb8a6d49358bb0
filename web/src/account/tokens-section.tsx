/**
 * My API tokens (apiTokens): listed without their secrets, created with a name and scopes (createApiToken) —
 * the secret shown this once — and revoked (revokeApiToken). The API gives tokens no expiry: they last until
 * revoked. BOT_PLAY is for a bot account only and a bot account cannot hold GAME_PLAY
 * (docs/api/players-and-accounts.md#createapitoken), so those choices are offered but switched off with the
 * reason.
 */
import { useState } from 'preact/hooks';
import { request } from '../api';
import { ErrorBox } from '../error-box';
import type { AccountCreateTokenMutation, TokenScope } from '../generated/graphql';
import { formatDateTime } from '../i18n';
import { strings as shared } from '../strings';
import { useAction, useLoad } from './hooks';
import { ACCOUNT, everyOf } from './operations';
import { SecretOnce } from './secret-once';
import { strings } from './strings';

/** The scopes the schema lists (TokenScope), in the order they are offered. */
const TOKEN_SCOPES = everyOf<TokenScope>()(['GAME_READ', 'GAME_PLAY', 'BOT_PLAY', 'ADMIN']);
/**
 * What this page offers: not ADMIN, which only an admin account may hold (docs/operations.md#moderation) and
 * which an operator makes over the API, so that nobody else is shown a choice they can never take.
 */
const OFFERED = TOKEN_SCOPES.filter((scope) => scope !== 'ADMIN');

/** Why a scope cannot be given to this account, or null when it can. */
function unavailable(scope: TokenScope, isBot: boolean): 'botOnly' | 'notForBots' | 'adminOnly' | null {
  switch (scope) {
    case 'GAME_READ':
      return null;
    case 'GAME_PLAY':
      return isBot ? 'notForBots' : null;
    case 'BOT_PLAY':
      return isBot ? null : 'botOnly';
    case 'ADMIN':
      return 'adminOnly';
    default: {
      const never: never = scope;
      return never;
    }
  }
}

export function TokensSection({ reloadKey }: { reloadKey: number }) {
  const S = strings();
  const common = shared();
  const tokens = useLoad(() => request(ACCOUNT, 'AccountTokens', {}), [reloadKey]);
  const action = useAction();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<readonly TokenScope[]>(['GAME_READ']);
  const [created, setCreated] = useState<AccountCreateTokenMutation['createApiToken'] | null>(null);
  const isBot = tokens.data?.me.isBot ?? false;

  const toggle = (scope: TokenScope, on: boolean): void =>
    setScopes((chosen) => (on ? [...chosen, scope] : chosen.filter((other) => other !== scope)));

  const create = async (event: Event): Promise<void> => {
    event.preventDefault();
    setCreated(null);
    const answer = await action.run(() =>
      request(ACCOUNT, 'AccountCreateToken', {
        name: name.trim() === '' ? null : name.trim(),
        scopes: OFFERED.filter((scope) => scopes.includes(scope) && unavailable(scope, isBot) === null),
      }),
    );
    if (answer === undefined) return;
    setCreated(answer.createApiToken);
    setName('');
    tokens.reload();
  };

  const revoke = async (id: string): Promise<void> => {
    if ((await action.run(() => request(ACCOUNT, 'AccountRevokeToken', { id }))) !== undefined)
      tokens.reload();
  };

  const list = tokens.data?.apiTokens ?? [];
  return (
    <section class="card account-section" data-testid="account-tokens" aria-labelledby="account-tokens-h">
      <div class="section-head">
        <h2 id="account-tokens-h">{S.tokens.heading}</h2>
        <button type="button" class="link" onClick={tokens.reload}>
          {S.refresh}
        </button>
      </div>
      <p class="hint">{S.tokens.about}</p>
      {tokens.error !== null && <ErrorBox error={tokens.error} />}
      {tokens.data !== null && list.length === 0 && <p class="muted">{S.tokens.none}</p>}
      <ul class="rows">
        {list.map((token) => (
          <li key={token.id} class="row" data-testid="api-token" data-token-id={token.id}>
            <div class="row-text">
              <strong>{token.name ?? S.tokens.unnamed}</strong>
              <span class="scopes">{token.scopes.join(' · ')}</span>
              <span class="muted">
                {S.tokens.createdAt(formatDateTime(token.createdAt))} ·{' '}
                {S.tokens.lastUsed(token.lastUsedAt === null ? S.never : formatDateTime(token.lastUsedAt))}
              </span>
            </div>
            <button
              type="button"
              class="secondary"
              disabled={action.busy}
              aria-label={`${S.tokens.revoke}: ${token.name ?? S.tokens.unnamed}`}
              onClick={() => void revoke(token.id)}
            >
              {S.tokens.revoke}
            </button>
          </li>
        ))}
      </ul>
      {created !== null && (
        <SecretOnce
          label={S.tokens.created(created.apiToken.name ?? S.tokens.unnamed)}
          secret={created.token}
          testId="token-secret"
          onDone={() => setCreated(null)}
        />
      )}
      <form onSubmit={(event) => void create(event)}>
        <label>
          {S.tokens.name}
          <input
            name="token-name"
            maxLength={60}
            placeholder={S.tokens.namePlaceholder}
            value={name}
            onInput={(event) => setName(event.currentTarget.value)}
          />
        </label>
        <fieldset>
          <legend>{S.tokens.scopes}</legend>
          {OFFERED.map((scope) => {
            const reason = unavailable(scope, isBot);
            return (
              <label class="check choice" key={scope}>
                <input
                  type="checkbox"
                  name="scope"
                  value={scope}
                  disabled={reason !== null}
                  checked={reason === null && scopes.includes(scope)}
                  onChange={(event) => toggle(scope, event.currentTarget.checked)}
                />
                <span>
                  <code>{scope}</code> {S.tokens.scope[scope]}
                  {reason !== null && <span class="muted"> ({S.tokens[reason]})</span>}
                </span>
              </label>
            );
          })}
        </fieldset>
        {action.error !== null && <ErrorBox error={action.error} />}
        <button type="submit" disabled={action.busy}>
          {action.busy ? common.working : S.tokens.create}
        </button>
      </form>
    </section>
  );
}
