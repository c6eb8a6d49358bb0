/**
 * My webhooks (webhooks): listed, added with a URL, the events to send and a secret (createWebhook), tested
 * (testWebhook: a PING delivery), deleted (deleteWebhook), each with its recent deliveries and their attempts
 * (webhookDeliveries). The API takes the secret and never shows it again, so the page draws a random one in the
 * browser, lets it be changed, and shows it once more with a copy button after the webhook is added.
 */
import { useState } from 'preact/hooks';
import { request } from '../api';
import { ErrorBox } from '../error-box';
import type { AccountWebhookFragment, PlayerEventKind } from '../generated/graphql';
import { formatDateTime } from '../i18n';
import { strings as shared } from '../strings';
import { Deliveries } from './deliveries';
import { useAction, useLoad } from './hooks';
import { ACCOUNT, everyOf } from './operations';
import { SecretOnce } from './secret-once';
import { strings } from './strings';

/** The kinds of player events a webhook may carry (PlayerEventKind), in the order they are offered. */
const EVENT_KINDS = everyOf<PlayerEventKind>()([
  'YOUR_TURN',
  'CHALLENGE_RECEIVED',
  'GAME_STARTED',
  'GAME_OVER',
  'REMINDER',
  'GAME_UNRATED',
]);

/** 32 random bytes from the browser's CSPRNG as base64url: 43 characters, within the API's 16–200. */
function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function WebhookRow({ webhook, onDeleted }: { webhook: AccountWebhookFragment; onDeleted: () => void }) {
  const S = strings();
  const action = useAction();
  const [open, setOpen] = useState(false);
  // Bumped by each test sent, so an open log reads again at once.
  const [sent, setSent] = useState(0);

  const test = async (): Promise<void> => {
    if ((await action.run(() => request(ACCOUNT, 'AccountTestWebhook', { id: webhook.id }))) === undefined)
      return;
    setOpen(true);
    setSent((count) => count + 1);
  };
  const remove = async (): Promise<void> => {
    if (
      (await action.run(() => request(ACCOUNT, 'AccountDeleteWebhook', { id: webhook.id }))) !== undefined
    ) {
      onDeleted();
    }
  };

  return (
    <li class="row webhook" data-testid="webhook" data-webhook-id={webhook.id}>
      <div class="row-text">
        <strong class="url">{webhook.url}</strong>
        <span class="scopes">{webhook.events.map((kind) => S.webhooks.kind[kind]).join(' · ')}</span>
        <span class="muted">{S.webhooks.createdAt(formatDateTime(webhook.createdAt))}</span>
      </div>
      <div class="actions">
        <button type="button" disabled={action.busy} onClick={() => void test()}>
          {S.webhooks.test}
        </button>
        <button
          type="button"
          class="secondary"
          aria-expanded={open}
          aria-controls={`deliveries-${webhook.id}`}
          onClick={() => setOpen(!open)}
        >
          {open ? S.webhooks.hideDeliveries : S.webhooks.deliveries}
        </button>
        <button type="button" class="secondary" disabled={action.busy} onClick={() => void remove()}>
          {S.webhooks.remove}
        </button>
      </div>
      {action.error !== null && <ErrorBox error={action.error} />}
      {open && <Deliveries id={`deliveries-${webhook.id}`} webhookId={webhook.id} reloadKey={sent} />}
    </li>
  );
}

export function WebhooksSection() {
  const S = strings();
  const common = shared();
  const webhooks = useLoad(() => request(ACCOUNT, 'AccountWebhooks', {}), []);
  const action = useAction();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<readonly PlayerEventKind[]>(EVENT_KINDS);
  const [secret, setSecret] = useState(randomSecret);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);

  const toggle = (kind: PlayerEventKind, on: boolean): void =>
    setEvents((chosen) => (on ? [...chosen, kind] : chosen.filter((other) => other !== kind)));

  const create = async (event: Event): Promise<void> => {
    event.preventDefault();
    setCreated(null);
    const answer = await action.run(() =>
      request(ACCOUNT, 'AccountCreateWebhook', {
        url: url.trim(),
        secret,
        events: EVENT_KINDS.filter((kind) => events.includes(kind)),
      }),
    );
    if (answer === undefined) return;
    setCreated({ url: answer.createWebhook.url, secret });
    setUrl('');
    setSecret(randomSecret());
    webhooks.reload();
  };

  const list = webhooks.data?.webhooks ?? [];
  return (
    <section class="card account-section" data-testid="account-webhooks" aria-labelledby="account-webhooks-h">
      <div class="section-head">
        <h2 id="account-webhooks-h">{S.webhooks.heading}</h2>
        <button type="button" class="link" onClick={webhooks.reload}>
          {S.refresh}
        </button>
      </div>
      <p class="hint">{S.webhooks.about}</p>
      {webhooks.error !== null && <ErrorBox error={webhooks.error} />}
      {webhooks.data !== null && list.length === 0 && <p class="muted">{S.webhooks.none}</p>}
      <ul class="rows">
        {list.map((webhook) => (
          <WebhookRow key={webhook.id} webhook={webhook} onDeleted={webhooks.reload} />
        ))}
      </ul>
      {created !== null && (
        <SecretOnce
          label={`${S.webhooks.secretLabel} (${created.url})`}
          secret={created.secret}
          testId="webhook-secret"
          onDone={() => setCreated(null)}
        />
      )}
      <form onSubmit={(event) => void create(event)}>
        <label>
          {S.webhooks.url}
          <input
            name="webhook-url"
            type="url"
            inputMode="url"
            required
            placeholder="https://"
            value={url}
            onInput={(event) => setUrl(event.currentTarget.value)}
          />
        </label>
        <fieldset>
          <legend>{S.webhooks.events}</legend>
          {EVENT_KINDS.map((kind) => (
            <label class="check choice" key={kind}>
              <input
                type="checkbox"
                name="event"
                value={kind}
                checked={events.includes(kind)}
                onChange={(event) => toggle(kind, event.currentTarget.checked)}
              />
              <span>{S.webhooks.event[kind]}</span>
            </label>
          ))}
        </fieldset>
        <label>
          {S.webhooks.secret}
          <input
            name="webhook-secret"
            autocomplete="off"
            spellcheck={false}
            required
            minLength={16}
            maxLength={200}
            aria-describedby="account-webhook-secret-hint"
            value={secret}
            onInput={(event) => setSecret(event.currentTarget.value)}
          />
        </label>
        <p class="hint" id="account-webhook-secret-hint">
          {S.webhooks.secretHint}{' '}
          <button type="button" class="link" onClick={() => setSecret(randomSecret())}>
            {S.webhooks.newSecret}
          </button>
        </p>
        {action.error !== null && <ErrorBox error={action.error} />}
        <button type="submit" disabled={action.busy}>
          {action.busy ? common.working : S.webhooks.create}
        </button>
      </form>
    </section>
  );
}
