/**
 * notificationSettings and updateNotificationSettings (docs/correspondence.md#preferences) through GraphQL on a real
 * Postgres: the defaults without a row, a change keeping what it leaves out, null setting a channel back to its
 * defaults (which it then follows) or quiet hours off, refusals that change nothing, and a session token to change.
 */
import { codeOf, dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';

let app: InProcessApp;
beforeAll(async () => {
  app = await startAppInProcess();
});
afterAll(async () => {
  await app?.close();
});

const FIELDS =
  'timeZone language quietHours { from to } pageKinds pageKindsDefault pushKinds pushKindsDefault';

interface Settings {
  timeZone: string;
  language: string;
  quietHours: { from: number; to: number } | null;
  pageKinds: string[];
  pageKindsDefault: boolean;
  pushKinds: string[];
  pushKindsDefault: boolean;
}

async function read(token: string): Promise<Settings> {
  return dataOf(
    await app.gql<{ notificationSettings: Settings }>(token, `{ notificationSettings { ${FIELDS} } }`),
  ).notificationSettings;
}

function update(token: string, args: string) {
  return app.gql<{ updateNotificationSettings: Settings }>(
    token,
    `mutation { updateNotificationSettings(${args}) { ${FIELDS} } }`,
  );
}

it('answers the defaults, keeps what a change leaves out, and sets back with null', async () => {
  const token = await register(app, 'settings_ann');
  const defaults = await read(token);
  expect(defaults).toEqual({
    timeZone: 'UTC',
    language: 'EN',
    quietHours: null,
    pageKinds: ['YOUR_TURN', 'GAME_STARTED', 'GAME_OVER', 'CHALLENGE_RECEIVED', 'REMINDER'],
    pageKindsDefault: true,
    pushKinds: ['YOUR_TURN', 'CHALLENGE_RECEIVED', 'REMINDER'],
    pushKindsDefault: true,
  });

  const changed = dataOf(
    await update(
      token,
      'timeZone: "Europe/Stockholm", quietHours: { from: 1320, to: 420 }, pushKinds: [REMINDER, GAME_OVER, REMINDER]',
    ),
  ).updateNotificationSettings;
  expect(changed).toEqual({
    ...defaults,
    timeZone: 'Europe/Stockholm',
    quietHours: { from: 1320, to: 420 },
    pushKinds: ['GAME_OVER', 'REMINDER'],
    pushKindsDefault: false,
  });
  expect(await read(token)).toEqual(changed);

  // None at all is a choice too, kept as such.
  expect(dataOf(await update(token, 'pageKinds: []')).updateNotificationSettings).toMatchObject({
    pageKinds: [],
    pageKindsDefault: false,
    timeZone: 'Europe/Stockholm',
  });
  const back = dataOf(
    await update(token, 'pageKinds: null, pushKinds: null, quietHours: null, language: RU'),
  ).updateNotificationSettings;
  expect(back).toEqual({ ...defaults, timeZone: 'Europe/Stockholm', language: 'RU' });
  expect(await read(token)).toEqual(back);
});

it('refuses what is no setting, changing nothing, and takes changes only from a session', async () => {
  const token = await register(app, 'settings_ben');
  const before = await read(token);
  for (const [args, field] of [
    ['timeZone: "Mars/Olympus"', 'timeZone'],
    ['quietHours: { from: 600, to: 600 }', 'quietHours'],
    ['quietHours: { from: 0, to: 1440 }', 'quietHours'],
  ] as const) {
    const body = await update(token, `${args}, language: SV`);
    expect(codeOf(body)).toBe('BAD_USER_INPUT');
    expect(body.errors![0]!.extensions).toMatchObject({ field });
  }
  expect(await read(token)).toEqual(before);

  const apiToken = dataOf(
    await app.gql<{ createApiToken: { token: string } }>(
      token,
      'mutation { createApiToken(name: "reader", scopes: [GAME_READ]) { token } }',
    ),
  ).createApiToken.token;
  expect(await read(apiToken)).toEqual(before);
  expect(codeOf(await update(apiToken, 'language: SV'))).toBe('FORBIDDEN');
  expect(codeOf(await app.gql(null, `{ notificationSettings { timeZone } }`))).toBe('UNAUTHENTICATED');
});

it('the notification centre lists the latest events first, counts the unread, and a read mark never moves back', async () => {
  const cat = await register(app, 'centre_cat');
  const dan = await register(app, 'centre_dan');
  for (let game = 0; game < 3; game++) {
    dataOf(
      await app.gql(
        dan,
        'mutation { createGame(input: { preset: CLASSIC, opponent: "centre_cat" }) { id } }',
      ),
    );
  }
  const FIELDS = 'events { id kind game { id } } readUpTo unread';
  interface Centre {
    events: { id: string; kind: string; game: { id: string } | null }[];
    readUpTo: string | null;
    unread: number;
  }
  const centre = dataOf(
    await app.gql<{ notificationCentre: Centre }>(cat, `{ notificationCentre { ${FIELDS} } }`),
  ).notificationCentre;
  expect(centre.events.map((event) => event.kind)).toEqual(Array(3).fill('CHALLENGE_RECEIVED'));
  const ids = centre.events.map((event) => BigInt(event.id));
  expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids); // newest first
  expect(centre).toMatchObject({ readUpTo: null, unread: 3 });
  const unread = async (): Promise<number> =>
    dataOf(await app.gql<{ dashboard: { unreadEvents: number } }>(cat, '{ dashboard { unreadEvents } }'))
      .dashboard.unreadEvents;
  expect(await unread()).toBe(3);

  const middle = centre.events[1]!.id;
  const marked = dataOf(
    await app.gql<{ markEventsRead: Centre }>(
      cat,
      `mutation($u: ID!) { markEventsRead(upTo: $u) { ${FIELDS} } }`,
      {
        u: middle,
      },
    ),
  ).markEventsRead;
  expect(marked).toMatchObject({ readUpTo: middle, unread: 1 });
  // An older mark (another tab) does not move it back.
  const older = centre.events[2]!.id;
  const again = dataOf(
    await app.gql<{ markEventsRead: Centre }>(
      cat,
      `mutation($u: ID!) { markEventsRead(upTo: $u) { ${FIELDS} } }`,
      {
        u: older,
      },
    ),
  ).markEventsRead;
  expect(again).toMatchObject({ readUpTo: middle, unread: 1 });
  expect(await unread()).toBe(1);
  const bad = await app.gql(cat, 'mutation { markEventsRead(upTo: "x1") { unread } }');
  expect(codeOf(bad)).toBe('BAD_USER_INPUT');
});
