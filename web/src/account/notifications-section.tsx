/**
 * Notifications (docs/web.md, "Account"; docs/correspondence.md "Web Push", "Preferences"): Web Push on this
 * device (permission, the service worker, the browser's push subscription, then `subscribePush`), the devices
 * that get pushes (`pushSubscriptions`, each removable with `unsubscribePush`), a test push to all of them
 * (`testPush`), and what the player is told by which channel (preferences.tsx). Every way subscribing can fail in
 * the browser is said in the reader's language, with what the browser said under it; none breaks the page.
 */
import { useState } from 'preact/hooks';
import { request } from '../api';
import { ErrorBox } from '../error-box';
import type { AccountPushDeviceFragment } from '../generated/graphql';
import { formatDateTime } from '../i18n';
import { strings as shared } from '../strings';
import { type Loaded, useAction, useLoad } from './hooks';
import { NOTIFICATIONS } from './operations';
import { Preferences } from './preferences';
import { type DeviceProblem, subscribeThisBrowser } from './push-device';
import { strings } from './strings';

/** The server's VAPID key, read only when a subscription is made (it is what the browser subscribes for). */
async function publicKey(): Promise<string> {
  return (await request(NOTIFICATIONS, 'AccountWebPushKey', {})).webPush.publicKey;
}

function ThisDevice({ subscribed, onSubscribed }: { subscribed: boolean; onSubscribed: () => void }) {
  const S = strings().notifications;
  const common = shared();
  const action = useAction();
  const [problem, setProblem] = useState<{ problem: DeviceProblem; detail: string | null } | null>(null);

  const subscribe = async (): Promise<void> => {
    setProblem(null);
    const done = await action.run(async () => {
      const answer = await subscribeThisBrowser(publicKey);
      if (!answer.ok) {
        setProblem({ problem: answer.problem, detail: answer.detail });
        return false;
      }
      await request(NOTIFICATIONS, 'AccountSubscribePush', {
        ...answer.subscription,
        userAgent: navigator.userAgent,
      });
      return true;
    });
    if (done === true) onSubscribed();
  };

  return (
    <div class="account-part" data-testid="this-device">
      <h3>{S.thisDevice}</h3>
      <p class="hint">{S.thisDeviceAbout}</p>
      {subscribed && <p data-testid="device-subscribed">{S.subscribed}</p>}
      {problem !== null && (
        <div class="error" role="alert" data-testid="device-problem" data-problem={problem.problem}>
          <p data-testid="error-text">{S.problem[problem.problem]}</p>
          {problem.detail !== null && (
            <p class="hint" data-testid="error-detail">
              {S.browserSaid}: <span lang="en">{problem.detail}</span>
            </p>
          )}
        </div>
      )}
      {action.error !== null && <ErrorBox error={action.error} />}
      <button
        type="button"
        data-testid="subscribe-device"
        disabled={action.busy}
        onClick={() => void subscribe()}
      >
        {action.busy ? common.working : S.subscribe}
      </button>
    </div>
  );
}

function DeviceRow({ device, onRemoved }: { device: AccountPushDeviceFragment; onRemoved: () => void }) {
  const S = strings();
  const N = S.notifications;
  const action = useAction();
  const remove = async (): Promise<void> => {
    const removed = await action.run(() =>
      request(NOTIFICATIONS, 'AccountUnsubscribePush', { id: device.id }),
    );
    if (removed !== undefined) onRemoved();
  };
  return (
    <li
      class={device.thisSession ? 'row current' : 'row'}
      data-testid="push-device"
      data-device-id={device.id}
      data-this-device={String(device.thisSession)}
    >
      <div class="row-text">
        <strong>
          {device.device}
          {device.thisSession && <span class="muted"> ({N.thisOne})</span>}
        </strong>
        <span class="muted">{N.addedAt(formatDateTime(device.createdAt))}</span>
        <span class="muted">
          {N.lastPush(device.lastUsedAt === null ? S.never : formatDateTime(device.lastUsedAt))}
        </span>
      </div>
      <button
        type="button"
        class="secondary"
        disabled={action.busy}
        aria-label={`${N.remove}: ${device.device}`}
        onClick={() => void remove()}
      >
        {N.remove}
      </button>
      {action.error !== null && <ErrorBox error={action.error} />}
    </li>
  );
}

function Devices({ devices }: { devices: Loaded<{ pushSubscriptions: AccountPushDeviceFragment[] }> }) {
  const S = strings();
  const N = S.notifications;
  const action = useAction();
  const [sent, setSent] = useState<number | null>(null);
  const list = devices.data?.pushSubscriptions ?? [];

  const test = async (): Promise<void> => {
    setSent(null);
    const answer = await action.run(() => request(NOTIFICATIONS, 'AccountTestPush', {}));
    if (answer !== undefined) setSent(answer.testPush);
  };

  return (
    <div class="account-part" data-testid="push-devices">
      <div class="section-head">
        <h3>{N.devices}</h3>
        <button type="button" class="link" onClick={devices.reload}>
          {S.refresh}
        </button>
      </div>
      {devices.error !== null && <ErrorBox error={devices.error} />}
      {devices.data !== null && list.length === 0 && (
        <p class="muted" data-testid="no-push-devices">
          {N.noDevices}
        </p>
      )}
      <ul class="rows">
        {list.map((device) => (
          <DeviceRow key={device.id} device={device} onRemoved={devices.reload} />
        ))}
      </ul>
      <p class="actions">
        <button type="button" data-testid="test-push" disabled={action.busy} onClick={() => void test()}>
          {N.test}
        </button>
      </p>
      {sent !== null && (
        <p role="status" data-testid="test-push-sent" data-devices={sent}>
          {N.testSent(sent)}
        </p>
      )}
      {action.error !== null && <ErrorBox error={action.error} />}
    </div>
  );
}

export function NotificationsSection({ reloadKey }: { reloadKey: number }) {
  const S = strings().notifications;
  const devices = useLoad(() => request(NOTIFICATIONS, 'AccountPushDevices', {}), [reloadKey]);
  const subscribed = (devices.data?.pushSubscriptions ?? []).some((device) => device.thisSession);
  return (
    <section
      class="card account-section"
      data-testid="account-notifications"
      aria-labelledby="account-notifications-h"
    >
      <h2 id="account-notifications-h">{S.heading}</h2>
      <p class="hint">{S.about}</p>
      <ThisDevice subscribed={subscribed} onSubscribed={devices.reload} />
      <Devices devices={devices} />
      <Preferences />
    </section>
  );
}
