/**
 * What the player is told, by which channel (docs/correspondence.md "Preferences", "E-mail"): per kind of event,
 * in the page, by push and by e-mail; the daily digest mail and its time; quiet hours; the time zone they are in;
 * the language of pushes and mails. Read with `notificationSettings`, saved with `updateNotificationSettings`. A
 * channel's kinds are sent only when the reader changed them, so a channel that follows the defaults keeps
 * following them (as they change) until the reader chooses; "Use the defaults" sends null for it. A refusal is
 * shown at the field the API names (`extensions.field`).
 */
import { useState } from 'preact/hooks';
import { ApiFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type {
  AccountNotificationSettingsFragment,
  AccountUpdateNotificationSettingsMutationVariables,
  MessageLanguage,
  PlayerEventKind,
} from '../generated/graphql';
import { LANGUAGES, LANGUAGE_NAMES } from '../i18n';
import { MESSAGE_LANGUAGE } from '../message-language';
import { strings as shared } from '../strings';
import { useAction, useLoad } from './hooks';
import { NOTIFICATIONS, everyOf } from './operations';
import { strings } from './strings';
import { CHANNELS, type Channel, type TellableKind } from './tellable';

/** The kinds offered, in the order of the form: what needs an answer first. */
const KINDS = everyOf<TellableKind>()([
  'YOUR_TURN',
  'REMINDER',
  'CHALLENGE_RECEIVED',
  'GAME_STARTED',
  'GAME_OVER',
]);

/** Quiet hours when the reader first switches them on: the night. */
const NIGHT = { from: '22:00', to: '07:00' } as const;

/** The digest's time when the reader switches it on: the server's own default (DEFAULT_DIGEST_MINUTE, 08:00). */
const MORNING = '08:00';

/** Minutes after midnight as an `<input type="time">` value ("07:05"). */
export function timeOfMinutes(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** An `<input type="time">` value as minutes after midnight (seconds, when a browser gives them, dropped). */
export function minutesOfTime(time: string): number {
  const [hours = Number.NaN, minutes = Number.NaN] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** The time zones offered: the browser's list, and the stored one even when the browser does not list it. */
function timeZones(stored: string): readonly string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return known.includes(stored) ? known : [...known, stored].sort();
}

/** The form's state: what the reader sees and may send. */
interface Draft {
  readonly kinds: Readonly<Record<Channel, readonly TellableKind[]>>;
  /** Per channel: changed by the reader since the last answer (only then are its kinds sent). */
  readonly touched: Readonly<Record<Channel, boolean>>;
  readonly quiet: boolean;
  readonly from: string;
  readonly to: string;
  /** The daily digest: on or off (`digestMinute: null`), and its time. */
  readonly digest: boolean;
  readonly digestAt: string;
  readonly timeZone: string;
  readonly language: MessageLanguage;
}

const tellable = (kinds: readonly PlayerEventKind[]): TellableKind[] =>
  KINDS.filter((kind) => kinds.includes(kind));

function draftOf(settings: AccountNotificationSettingsFragment): Draft {
  return {
    kinds: {
      page: tellable(settings.pageKinds),
      push: tellable(settings.pushKinds),
      mail: tellable(settings.mailKinds),
    },
    touched: { page: false, push: false, mail: false },
    quiet: settings.quietHours !== null,
    from: settings.quietHours === null ? NIGHT.from : timeOfMinutes(settings.quietHours.from),
    to: settings.quietHours === null ? NIGHT.to : timeOfMinutes(settings.quietHours.to),
    digest: settings.digestMinute !== null,
    digestAt: settings.digestMinute === null ? MORNING : timeOfMinutes(settings.digestMinute),
    timeZone: settings.timeZone,
    language: settings.language,
  };
}

/** Each channel's kinds and whether they follow the defaults, as `notificationSettings` answers them. */
function channelOf(
  settings: AccountNotificationSettingsFragment,
  channel: Channel,
): { kinds: readonly PlayerEventKind[]; isDefault: boolean } {
  switch (channel) {
    case 'page':
      return { kinds: settings.pageKinds, isDefault: settings.pageKindsDefault };
    case 'push':
      return { kinds: settings.pushKinds, isDefault: settings.pushKindsDefault };
    case 'mail':
      return { kinds: settings.mailKinds, isDefault: settings.mailKindsDefault };
    default: {
      const never: never = channel;
      return never;
    }
  }
}

const isDefault = (settings: AccountNotificationSettingsFragment, channel: Channel): boolean =>
  channelOf(settings, channel).isDefault;

/** The fields a refusal may name, each shown where it is; any other refusal shows under the form. */
const FIELDS = [
  'pageKinds',
  'pushKinds',
  'mailKinds',
  'digestMinute',
  'quietHours',
  'timeZone',
  'language',
] as const;
type Field = (typeof FIELDS)[number];

function fieldOf(error: ApiFailure | null): Field | null {
  const field = error?.extensions['field'];
  return typeof field === 'string' && (FIELDS as readonly string[]).includes(field) ? (field as Field) : null;
}

const CHANNEL_FIELD = {
  page: 'pageKinds',
  push: 'pushKinds',
  mail: 'mailKinds',
} as const satisfies Record<Channel, Field>;

/** The variables of `updateNotificationSettings` that set one channel's kinds (null: back to the defaults). */
function kindsVariables(
  channel: Channel,
  kinds: PlayerEventKind[] | null,
): AccountUpdateNotificationSettingsMutationVariables {
  return { [CHANNEL_FIELD[channel]]: kinds };
}

function PreferencesForm({ initial }: { initial: AccountNotificationSettingsFragment }) {
  const S = strings().notifications;
  const common = shared();
  const action = useAction();
  const [stored, setStored] = useState(initial);
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [saved, setSaved] = useState(false);
  const zones = timeZones(stored.timeZone);

  const change = (next: Partial<Draft>): void => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...next }));
  };
  const toggle = (channel: Channel, kind: TellableKind, on: boolean): void => {
    setSaved(false);
    setDraft((current) => ({
      ...current,
      kinds: {
        ...current.kinds,
        [channel]: on
          ? tellable([...current.kinds[channel], kind])
          : current.kinds[channel].filter((other) => other !== kind),
      },
      touched: { ...current.touched, [channel]: true },
    }));
  };
  const save = async (event: Event): Promise<void> => {
    event.preventDefault();
    setSaved(false);
    const variables: AccountUpdateNotificationSettingsMutationVariables = {
      timeZone: draft.timeZone,
      language: draft.language,
      quietHours: draft.quiet ? { from: minutesOfTime(draft.from), to: minutesOfTime(draft.to) } : null,
      digestMinute: draft.digest ? minutesOfTime(draft.digestAt) : null,
      ...CHANNELS.filter(
        (channel) => draft.touched[channel],
      ).reduce<AccountUpdateNotificationSettingsMutationVariables>(
        (chosen, channel) => ({ ...chosen, ...kindsVariables(channel, [...draft.kinds[channel]]) }),
        {},
      ),
    };
    const answer = await action.run(() =>
      request(NOTIFICATIONS, 'AccountUpdateNotificationSettings', variables),
    );
    if (answer === undefined) return;
    const settings = answer.updateNotificationSettings;
    setStored(settings);
    setDraft(draftOf(settings));
    setSaved(true);
  };

  const resetChannel = async (channel: Channel): Promise<void> => {
    setSaved(false);
    const answer = await action.run(() =>
      request(NOTIFICATIONS, 'AccountUpdateNotificationSettings', kindsVariables(channel, null)),
    );
    if (answer === undefined) return;
    // Only that channel was sent: the rest of the form keeps what the reader has not saved yet.
    const settings = answer.updateNotificationSettings;
    setStored(settings);
    setDraft((current) => ({
      ...current,
      kinds: {
        ...current.kinds,
        [channel]: tellable(channelOf(settings, channel).kinds),
      },
      touched: { ...current.touched, [channel]: false },
    }));
    setSaved(true);
  };

  const field = fieldOf(action.error);
  const errorAt = (at: Field) =>
    action.error !== null && field === at ? <ErrorBox error={action.error} /> : null;

  return (
    <form class="preferences" data-testid="notification-preferences" onSubmit={(event) => void save(event)}>
      <h3>{S.preferences}</h3>
      <table class="preference-kinds">
        <thead>
          <tr>
            <th scope="col">{S.kindColumn}</th>
            {CHANNELS.map((channel) => (
              <th
                scope="col"
                key={channel}
                data-channel={channel}
                data-default={String(isDefault(stored, channel) && !draft.touched[channel])}
              >
                {S.channel[channel]}
                <span class="hint">
                  {isDefault(stored, channel) && !draft.touched[channel] ? S.defaults : S.chosen}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {KINDS.map((kind) => (
            <tr key={kind} data-kind={kind}>
              <th scope="row">{S.kind[kind]}</th>
              {CHANNELS.map((channel) => (
                <td key={channel}>
                  <input
                    type="checkbox"
                    name={`${channel}-${kind}`}
                    aria-label={`${S.kind[kind]}: ${S.channel[channel]}`}
                    checked={draft.kinds[channel].includes(kind)}
                    onChange={(event) => toggle(channel, kind, event.currentTarget.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {CHANNELS.map((channel) => errorAt(CHANNEL_FIELD[channel]))}
      <p class="hint">{S.mailAbout}</p>
      <p class="actions">
        {CHANNELS.map((channel) => (
          <button
            type="button"
            class="secondary"
            key={channel}
            data-testid={`defaults-${channel}`}
            disabled={action.busy || (isDefault(stored, channel) && !draft.touched[channel])}
            onClick={() => void resetChannel(channel)}
          >
            {S.useDefaults[channel]}
          </button>
        ))}
      </p>
      <fieldset data-testid="digest">
        <legend>{S.digest}</legend>
        <label class="check choice">
          <input
            type="checkbox"
            name="digest"
            checked={draft.digest}
            onChange={(event) => change({ digest: event.currentTarget.checked })}
          />
          <span>{S.digestOn}</span>
        </label>
        <label>
          {S.digestAt}
          <input
            type="time"
            name="digest-at"
            required={draft.digest}
            disabled={!draft.digest}
            value={draft.digestAt}
            onInput={(event) => change({ digestAt: event.currentTarget.value })}
          />
        </label>
        <p class="hint">{S.digestAbout}</p>
        {errorAt('digestMinute')}
      </fieldset>
      <fieldset data-testid="quiet-hours">
        <legend>{S.quietHours}</legend>
        <label class="check choice">
          <input
            type="checkbox"
            name="quiet"
            checked={draft.quiet}
            onChange={(event) => change({ quiet: event.currentTarget.checked })}
          />
          <span>{S.quietOn}</span>
        </label>
        <div class="quiet-times">
          <label>
            {S.from}
            <input
              type="time"
              name="quiet-from"
              required={draft.quiet}
              disabled={!draft.quiet}
              value={draft.from}
              onInput={(event) => change({ from: event.currentTarget.value })}
            />
          </label>
          <label>
            {S.to}
            <input
              type="time"
              name="quiet-to"
              required={draft.quiet}
              disabled={!draft.quiet}
              value={draft.to}
              onInput={(event) => change({ to: event.currentTarget.value })}
            />
          </label>
        </div>
        <p class="hint">{S.quietAbout}</p>
        {errorAt('quietHours')}
      </fieldset>
      <label>
        {S.timeZone}
        <select
          name="time-zone"
          value={draft.timeZone}
          onChange={(event) => change({ timeZone: event.currentTarget.value })}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </label>
      {errorAt('timeZone')}
      <label>
        {S.language}
        <select
          name="push-language"
          value={draft.language}
          onChange={(event) => change({ language: event.currentTarget.value as MessageLanguage })}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={MESSAGE_LANGUAGE[code]} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
      {errorAt('language')}
      {action.error !== null && field === null && <ErrorBox error={action.error} />}
      {saved && (
        <p role="status" data-testid="preferences-saved">
          {S.saved}
        </p>
      )}
      <button type="submit" disabled={action.busy}>
        {action.busy ? common.working : S.save}
      </button>
    </form>
  );
}

export function Preferences() {
  const settings = useLoad(() => request(NOTIFICATIONS, 'AccountNotificationSettings', {}), []);
  return (
    <div class="account-part">
      {settings.error !== null && <ErrorBox error={settings.error} />}
      {settings.data !== null && <PreferencesForm initial={settings.data.notificationSettings} />}
    </div>
  );
}
