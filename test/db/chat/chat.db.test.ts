/**
 * Chat around a game (docs/social.md#chat) through GraphQL, graphql-ws and the NDJSON stream on a real Postgres,
 * with two app copies: the players' room is the players' own; the spectators' room reaches no player while the game
 * runs (nor by the push on another copy), and opens to them once it is over; quick phrases travel as ids; text is
 * bounded and rate limited; a block turns the players' chat off and hides the blocked player's messages; a mute
 * silences a game for oneself; notes are private; reports keep their context; moderators hide, restrict and
 * dismiss, each audited; the public export holds no chat, the account export holds one's own.
 */
import type { Client as WsClient } from 'graphql-ws';
import { ModerationService } from '../../../src/moderation/moderation.service';
import { EventBus } from '../../../src/notifications/event-bus';
import { RetentionWorker } from '../../../src/retention/retention-worker';
import { MESSAGES_PER_WINDOW, MAX_MESSAGE_LENGTH } from '../../../src/chat/domain/chat-policy';
import { codeOf, dataOf, loginBody, register, wsClient } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { until } from '../../support/service/outage';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { createGame, joinGame, resign } from '../../support/service/play';

const PASSWORD = 'correct horse battery staple';

let app: InProcessApp;
let copy: InProcessApp;
let admin: string;
const clients: WsClient[] = [];

beforeAll(async () => {
  app = await startAppInProcess({ env: { SWEEP_INTERVAL_MS: '0' } });
  copy = await startAppInProcess({ databaseUrl: app.databaseUrl, env: { SWEEP_INTERVAL_MS: '0' } });
  await app.get(ModerationService).createAdmin({ via: 'CLI' }, 'ChatMod', PASSWORD);
  const session = dataOf(await loginBody(app, 'chatmod', PASSWORD)).login.token;
  admin = dataOf(
    await app.gql<{ createApiToken: { token: string } }>(
      session,
      'mutation { createApiToken(scopes: [ADMIN, GAME_PLAY], name: "chat") { token } }',
    ),
  ).createApiToken.token;
});
afterAll(async () => {
  for (const client of clients) await client.dispose();
  await copy?.close();
  await app?.close();
});

interface Message {
  id: string;
  room: string;
  author: string;
  text: string | null;
  phrase: string | null;
  hidden: boolean;
}
const MESSAGE = 'id room author text phrase hidden';

function send(token: string, gameId: string, room: string, content: { text?: string; phrase?: string }) {
  return app.gql<{ sendChatMessage: Message }>(
    token,
    `mutation($g: ID!, $r: ChatRoom!, $t: String, $p: QuickPhrase) {
       sendChatMessage(gameId: $g, room: $r, text: $t, phrase: $p) { ${MESSAGE} } }`,
    { g: gameId, r: room, t: content.text ?? null, p: content.phrase ?? null },
  );
}

function readBody(token: string | null, gameId: string, room: string, target: InProcessApp = app) {
  return target.gql<{ gameChat: { muted: boolean; messages: Message[] } }>(
    token,
    `query($g: ID!, $r: ChatRoom!) { gameChat(gameId: $g, room: $r) { muted messages { ${MESSAGE} } } }`,
    { g: gameId, r: room },
  );
}

async function texts(token: string | null, gameId: string, room: string): Promise<(string | null)[]> {
  return dataOf(await readBody(token, gameId, room)).gameChat.messages.map((m) => m.text ?? m.phrase);
}

/** A two-player unrated game between two new players, running. */
async function running(prefix: string): Promise<{ ann: string; bob: string; gameId: string }> {
  const ann = await register(app, `${prefix}_ann`);
  const bob = await register(app, `${prefix}_bob`);
  const game = await createGame(app, ann, { preset: 'CLASSIC' });
  await joinGame(app, bob, game.id);
  return { ann, bob, gameId: game.id };
}

/** Every chat message pushed to `token` over graphql-ws on `target`, from once it is subscribed. */
async function listen(target: InProcessApp, token: string, gameId: string): Promise<Message[]> {
  const got: Message[] = [];
  const client = wsClient(target.url, token, { onNonLazyError: () => undefined });
  clients.push(client);
  const bus = target.get(EventBus);
  const before = await bus.watchHolders('game', gameId);
  client.subscribe<{ chatMessages: Message }>(
    { query: `subscription($g: ID!) { chatMessages(gameId: $g) { ${MESSAGE} } }`, variables: { g: gameId } },
    {
      next: (result) => result.data && got.push(result.data.chatMessages),
      error: () => undefined,
      complete: () => undefined,
    },
  );
  // Subscribed once this subscription holds its copy's watch of the game, stored (the push's gate).
  await until('the pushes', async () => (await bus.watchHolders('game', gameId)) > before, 5000);
  return got;
}

async function messageCount(gameId: string): Promise<number> {
  const rows = await sql<{ n: number }>(
    app.databaseUrl,
    'SELECT count(*)::int AS n FROM chat_messages WHERE game_id = $1',
    [gameId],
  );
  return rows[0]!.n;
}

it('the players’ room is the players’ own; the spectators’ room reaches no player while the game runs, then opens to them', async () => {
  const { ann, bob, gameId } = await running('chat_rooms');
  const cat = await register(app, 'chat_rooms_cat');
  const annPushes = await listen(copy, ann, gameId);
  const catPushes = await listen(copy, cat, gameId);

  dataOf(await send(ann, gameId, 'PLAYERS', { text: 'hi <b>bob</b> https://example.org' }));
  dataOf(await send(bob, gameId, 'PLAYERS', { phrase: 'GOOD_LUCK' }));
  dataOf(await send(cat, gameId, 'SPECTATORS', { text: 'ann should play the 7' }));

  // Text stays text, links and markup included; a phrase travels as its id.
  expect(await texts(bob, gameId, 'PLAYERS')).toEqual(['hi <b>bob</b> https://example.org', 'GOOD_LUCK']);
  expect(await texts(cat, gameId, 'SPECTATORS')).toEqual(['ann should play the 7']);
  // A spectator does not read the players' room, nor write it; a player does not read the spectators' room.
  expect(codeOf(await readBody(cat, gameId, 'PLAYERS'))).toBe('FORBIDDEN');
  expect(codeOf(await send(cat, gameId, 'PLAYERS', { text: 'psst' }))).toBe('FORBIDDEN');
  expect(codeOf(await readBody(ann, gameId, 'SPECTATORS'))).toBe('FORBIDDEN');
  expect(codeOf(await send(ann, gameId, 'SPECTATORS', { text: 'hello watchers' }))).toBe('FORBIDDEN');
  // Anonymous readers see the spectators' room; they write nothing.
  expect(await texts(null, gameId, 'SPECTATORS')).toEqual(['ann should play the 7']);
  expect(codeOf(await send(null as unknown as string, gameId, 'SPECTATORS', { text: 'x' }))).toBe(
    'UNAUTHENTICATED',
  );

  // The pushes on the other copy: the spectator's message reached the spectator and not the player.
  await until('the pushes', async () => annPushes.length === 2 && catPushes.length === 1, 5000);
  expect(annPushes.map((m) => m.room)).toEqual(['PLAYERS', 'PLAYERS']);
  expect(catPushes.map((m) => m.text)).toEqual(['ann should play the 7']);

  // Over, the spectators' room opens to the players (and the players' room stays theirs).
  await resign(app, bob, gameId);
  expect(await texts(ann, gameId, 'SPECTATORS')).toEqual(['ann should play the 7']);
  dataOf(await send(ann, gameId, 'SPECTATORS', { phrase: 'GOOD_GAME' }));
  expect(codeOf(await readBody(cat, gameId, 'PLAYERS'))).toBe('FORBIDDEN');
  await until('the pushes', async () => annPushes.length === 3, 5000);
  expect(annPushes[2]).toMatchObject({ room: 'SPECTATORS', phrase: 'GOOD_GAME', author: 'chat_rooms_ann' });
});

it('bounds a message: empty, too long, control characters, text and phrase at once — refused, nothing stored', async () => {
  const { ann, gameId } = await running('chat_bounds');
  const cases: [string, { text?: string; phrase?: string }][] = [
    ['empty', { text: '   ' }],
    ['too long', { text: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) }],
    ['a control character', { text: 'a\u0007b' }],
    ['a direction override', { text: 'abc\u202Edef' }],
    ['both', { text: 'hi', phrase: 'HELLO' }],
  ];
  for (const [what, content] of cases) {
    const body = await send(ann, gameId, 'PLAYERS', content);
    expect([what, codeOf(body)]).toEqual([what, 'BAD_USER_INPUT']);
  }
  expect(await messageCount(gameId)).toBe(0);
  // The longest allowed, in characters (not UTF-16 units).
  const longest = '🂡'.repeat(MAX_MESSAGE_LENGTH);
  expect(dataOf(await send(ann, gameId, 'PLAYERS', { text: longest })).sendChatMessage.text).toBe(longest);
});

it(`rate limits: the message after ${MESSAGES_PER_WINDOW} in a short while is RATE_LIMITED with retryAfter, and not stored`, async () => {
  const { ann, gameId } = await running('chat_rate');
  for (let i = 0; i < MESSAGES_PER_WINDOW; i += 1)
    dataOf(await send(ann, gameId, 'PLAYERS', { text: `m${i}` }));
  const refused = await send(ann, gameId, 'PLAYERS', { text: 'one too many' });
  expect(codeOf(refused)).toBe('RATE_LIMITED');
  expect(refused.errors?.[0]?.extensions?.retryAfter).toEqual(expect.any(Number));
  expect(await messageCount(gameId)).toBe(MESSAGES_PER_WINDOW);
});

it('a guest sends quick phrases only', async () => {
  const response = await app.post(JSON.stringify({ query: 'mutation { startGuest { token } }' }), {
    'content-type': 'application/json',
    'x-forwarded-for': '198.51.100.77',
  });
  const guest = ((await response.json()) as { data: { startGuest: { token: string } } }).data.startGuest
    .token;
  const host = await register(app, 'chat_visitor_host');
  const game = await createGame(app, host, { preset: 'CLASSIC' });
  await joinGame(app, guest, game.id);
  const refused = await send(guest, game.id, 'PLAYERS', { text: 'hello' });
  expect(codeOf(refused)).toBe('GUEST_NOT_ALLOWED');
  expect(refused.errors?.[0]?.extensions?.refusal).toBe('chatText');
  expect(dataOf(await send(guest, game.id, 'PLAYERS', { phrase: 'HELLO' })).sendChatMessage.phrase).toBe(
    'HELLO',
  );
});

it('a block turns the players’ chat off both ways, and the blocker sees none of the blocked player’s messages', async () => {
  const { ann, bob, gameId } = await running('chat_block');
  dataOf(await send(bob, gameId, 'PLAYERS', { text: 'before the block' }));
  dataOf(await app.gql(ann, 'mutation { blockPlayer(username: "chat_block_bob") { id } }'));
  expect(codeOf(await send(bob, gameId, 'PLAYERS', { text: 'after' }))).toBe('BLOCKED');
  expect(codeOf(await send(ann, gameId, 'PLAYERS', { text: 'after' }))).toBe('BLOCKED');
  expect(await texts(ann, gameId, 'PLAYERS')).toEqual([]);
  // In another game's spectators' room too: the blocker does not see them.
  const other = await running('chat_block_other');
  dataOf(await send(bob, other.gameId, 'SPECTATORS', { text: 'bob watching' }));
  const cat = await register(app, 'chat_block_cat');
  dataOf(await send(cat, other.gameId, 'SPECTATORS', { text: 'cat watching' }));
  expect(await texts(ann, other.gameId, 'SPECTATORS')).toEqual(['cat watching']);
  expect(await texts(cat, other.gameId, 'SPECTATORS')).toEqual(['bob watching', 'cat watching']);
});

it('a mute silences a game’s chat for oneself only, pushes included', async () => {
  const { ann, bob, gameId } = await running('chat_mute');
  const annPushes = await listen(app, ann, gameId);
  expect(dataOf(await app.gql(ann, `mutation { muteGameChat(gameId: "${gameId}", muted: true) }`))).toEqual({
    muteGameChat: true,
  });
  dataOf(await send(bob, gameId, 'PLAYERS', { text: 'can you hear me' }));
  expect(dataOf(await readBody(ann, gameId, 'PLAYERS')).gameChat).toEqual({ muted: true, messages: [] });
  expect(await texts(bob, gameId, 'PLAYERS')).toEqual(['can you hear me']);
  dataOf(await app.gql(ann, `mutation { muteGameChat(gameId: "${gameId}", muted: false) }`));
  dataOf(await send(bob, gameId, 'PLAYERS', { text: 'and now' }));
  await until('the pushes', async () => annPushes.length >= 1, 5000);
  expect(annPushes.map((m) => m.text)).toEqual(['and now']);
  expect(await texts(ann, gameId, 'PLAYERS')).toEqual(['can you hear me', 'and now']);
});

it('a private note is seen by its writer only', async () => {
  const { ann, bob, gameId } = await running('chat_note');
  const set = await app.gql<{ setGameNote: { text: string } }>(
    ann,
    `mutation { setGameNote(gameId: "${gameId}", text: "  bob hoards 12s  ") { text } }`,
  );
  expect(dataOf(set).setGameNote.text).toBe('bob hoards 12s');
  const note = (token: string) =>
    app.gql<{ gameNote: { text: string } | null }>(token, `{ gameNote(gameId: "${gameId}") { text } }`);
  expect(dataOf(await note(ann)).gameNote).toEqual({ text: 'bob hoards 12s' });
  expect(dataOf(await note(bob)).gameNote).toBeNull();
  expect(
    dataOf(await app.gql(ann, `mutation { setGameNote(gameId: "${gameId}", text: "") { text } }`)),
  ).toEqual({
    setGameNote: null,
  });
  expect(dataOf(await note(ann)).gameNote).toBeNull();
});

it('reports keep their context; moderators hide, restrict and dismiss, each in the audit log', async () => {
  const { ann, bob, gameId } = await running('chat_rep');
  const cat = await register(app, 'chat_rep_cat');
  dataOf(await send(ann, gameId, 'PLAYERS', { text: 'good luck' }));
  const rude = dataOf(await send(bob, gameId, 'PLAYERS', { text: 'you are an idiot' })).sendChatMessage;
  const annPushes = await listen(copy, ann, gameId);

  const report = (token: string, input: Record<string, unknown>) =>
    app.gql<{ reportChat: string }>(token, 'mutation($i: ChatReportInput!) { reportChat(input: $i) }', {
      i: input,
    });
  // Only what one can read; outside help only about rated games; once per message; not oneself.
  expect(codeOf(await report(cat, { messageId: rude.id, category: 'ABUSE' }))).toBe('NOT_FOUND');
  expect(codeOf(await report(ann, { messageId: rude.id, category: 'OUTSIDE_HELP' }))).toBe('BAD_USER_INPUT');
  expect(codeOf(await report(ann, { username: 'chat_rep_ann', category: 'OTHER' }))).toBe('BAD_USER_INPUT');
  const reportId = dataOf(
    await report(ann, { messageId: rude.id, category: 'ABUSE', details: 'insult' }),
  ).reportChat;
  expect(codeOf(await report(ann, { messageId: rude.id, category: 'ABUSE' }))).toBe('BAD_USER_INPUT');
  const playerReport = dataOf(
    await report(cat, { username: 'chat_rep_ann', gameId, category: 'SPAM' }),
  ).reportChat;

  // The queue: admins only; the report with the room as it was.
  expect(codeOf(await app.gql(ann, '{ adminChatReports { id } }'))).toBe('FORBIDDEN');
  const queue = await app.gql<{
    adminChatReports: {
      id: string;
      reporter: string;
      reported: string;
      category: string;
      context: { author: string; text: string }[];
    }[];
  }>(admin, '{ adminChatReports { id reporter reported category context { author text } } }');
  const filed = dataOf(queue).adminChatReports.find((r) => r.id === reportId)!;
  expect(filed).toMatchObject({ reporter: 'chat_rep_ann', reported: 'chat_rep_bob', category: 'ABUSE' });
  expect(filed.context.map((line) => [line.author, line.text])).toEqual([
    ['chat_rep_ann', 'good luck'],
    ['chat_rep_bob', 'you are an idiot'],
  ]);

  // Hide: gone from the room, pushed as hidden, the report resolved; the context kept.
  const hidden = await app.gql<{ adminHideChatMessage: Message }>(
    admin,
    `mutation { adminHideChatMessage(messageId: "${rude.id}", reason: "insult") { ${MESSAGE} } }`,
  );
  expect(dataOf(hidden).adminHideChatMessage).toMatchObject({ id: rude.id, hidden: true, text: null });
  expect(await texts(ann, gameId, 'PLAYERS')).toEqual(['good luck']);
  await until('the pushes', async () => annPushes.some((m) => m.id === rude.id && m.hidden), 5000);
  const resolved = await app.gql<{
    adminChatReports: { id: string; resolution: string; context: { text: string }[] }[];
  }>(admin, '{ adminChatReports(open: false) { id resolution context { text } } }');
  expect(dataOf(resolved).adminChatReports.find((r) => r.id === reportId)).toMatchObject({
    resolution: 'MESSAGE_HIDDEN',
    context: [{ text: 'good luck' }, { text: 'you are an idiot' }],
  });

  // Restrict: no chat until lifted; the player report is dismissed with an audit row.
  const restricted = await app.gql<{ adminRestrictChat: string }>(
    admin,
    'mutation { adminRestrictChat(username: "chat_rep_bob", days: 7, reason: "insults") }',
  );
  expect(new Date(dataOf(restricted).adminRestrictChat).getTime()).toBeGreaterThan(
    Date.now() + 6 * 86_400_000,
  );
  const refused = await send(bob, gameId, 'PLAYERS', { phrase: 'SORRY' });
  expect(codeOf(refused)).toBe('CHAT_RESTRICTED');
  expect(refused.errors?.[0]?.extensions?.until).toEqual(dataOf(restricted).adminRestrictChat);
  expect(
    dataOf(
      await app.gql(admin, 'mutation { adminUnrestrictChat(username: "chat_rep_bob", reason: "appeal") }'),
    ),
  ).toEqual({ adminUnrestrictChat: true });
  dataOf(await send(bob, gameId, 'PLAYERS', { phrase: 'SORRY' }));
  expect(
    dataOf(
      await app.gql(
        admin,
        `mutation { adminDismissChatReport(reportId: "${playerReport}", reason: "not spam") }`,
      ),
    ),
  ).toEqual({ adminDismissChatReport: true });
  expect(
    dataOf(
      await app.gql(
        admin,
        `mutation { adminDismissChatReport(reportId: "${playerReport}", reason: "again") }`,
      ),
    ),
  ).toEqual({ adminDismissChatReport: false });

  const audit = await app.gql<{
    adminAuditLog: { edges: { node: { action: string; targetPlayer: { username: string } | null } }[] };
  }>(admin, '{ adminAuditLog(first: 10) { edges { node { action targetPlayer { username } } } } }');
  const actions = dataOf(audit).adminAuditLog.edges.map((e) => [
    e.node.action,
    e.node.targetPlayer?.username,
  ]);
  expect(actions.slice(0, 4)).toEqual([
    ['DISMISS_CHAT_REPORT', 'chat_rep_ann'],
    ['UNRESTRICT_CHAT', 'chat_rep_bob'],
    ['RESTRICT_CHAT', 'chat_rep_bob'],
    ['HIDE_CHAT_MESSAGE', 'chat_rep_bob'],
  ]);
});

it('the public export of a game holds no chat; one’s account export holds one’s rooms and notes', async () => {
  const { ann, bob, gameId } = await running('chat_export');
  dataOf(await send(bob, gameId, 'PLAYERS', { text: 'secret plan' }));
  dataOf(
    await app.gql(ann, `mutation { setGameNote(gameId: "${gameId}", text: "remember the 5") { text } }`),
  );
  await resign(app, bob, gameId);
  const exported = await app.gql<{ exportGame: unknown }>(null, `{ exportGame(id: "${gameId}") }`);
  expect(JSON.stringify(dataOf(exported))).not.toContain('secret plan');
  const download = await fetch(`${app.url}/api/me/export`, { headers: { authorization: `Bearer ${ann}` } });
  const lines = (await download.text())
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines.filter((l) => l.type === 'chatMessage')).toEqual([
    expect.objectContaining({ gameId, room: 'PLAYERS', author: 'chat_export_bob', text: 'secret plan' }),
  ]);
  expect(lines.filter((l) => l.type === 'gameNote')).toEqual([
    expect.objectContaining({ gameId, text: 'remember the 5' }),
  ]);
});

it('the chat NDJSON stream carries the messages one may read', async () => {
  const { ann, bob, gameId } = await running('chat_stream');
  const controller = new AbortController();
  const response = await fetch(`${copy.url}/api/stream/game/${gameId}/chat`, {
    headers: { authorization: `Bearer ${ann}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  await until('the pushes', async () => (await copy.get(EventBus).watchHolders('game', gameId)) > 0, 5000);
  dataOf(await send(bob, gameId, 'PLAYERS', { phrase: 'HAVE_FUN' }));
  let text = '';
  while (!text.includes('HAVE_FUN')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  controller.abort();
  const line = JSON.parse(text.split('\n').find((l) => l.includes('HAVE_FUN'))!) as Message;
  expect(line).toMatchObject({ room: 'PLAYERS', author: 'chat_stream_bob', phrase: 'HAVE_FUN', text: null });
});

it('retention: the messages of a game over for CHAT_RETENTION_DAYS go, but for one an open report names', async () => {
  const { ann, bob, gameId } = await running('chat_keep');
  dataOf(await send(ann, gameId, 'PLAYERS', { text: 'plain' }));
  const reported = dataOf(await send(bob, gameId, 'PLAYERS', { text: 'reported one' })).sendChatMessage;
  dataOf(
    await app.gql(ann, 'mutation($i: ChatReportInput!) { reportChat(input: $i) }', {
      i: { messageId: reported.id, category: 'ABUSE' },
    }),
  );
  const running2 = await running('chat_keep_live');
  dataOf(await send(running2.ann, running2.gameId, 'PLAYERS', { text: 'still playing' }));
  await resign(app, bob, gameId);
  const later = new Date(Date.now() + 181 * 86_400_000);
  const report = await app.get(RetentionWorker).pass(later);
  expect(report.chat_messages).toBeGreaterThanOrEqual(1);
  const left = await sql<{ text: string }>(
    app.databaseUrl,
    'SELECT text FROM chat_messages WHERE game_id = ANY($1::uuid[]) ORDER BY id',
    [[gameId, running2.gameId]],
  );
  expect(left.map((row) => row.text)).toEqual(['reported one', 'still playing']);
});
