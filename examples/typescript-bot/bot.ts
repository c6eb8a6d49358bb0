/**
 * A Malice bot in TypeScript on @malice/client (clients/typescript): it creates a game against a built-in bot,
 * follows its own events (`myEvents`, caught up with `playerEvents` at every connection: docs/quickstart.md) and on
 * each of its turns sends the first of its legal moves until the game is over.
 *
 * With a token (GAME_READ and GAME_PLAY, or a bot account's BOT_PLAY):
 *
 *     MALICE_URL=http://localhost:3000 MALICE_TOKEN=<token> npx tsx examples/typescript-bot/bot.ts
 *
 * As an app, without a token (docs/api/apps-and-oauth.md; register a public app with the redirect URI
 * `http://127.0.0.1/cb`): the bot listens on 127.0.0.1, prints the authorization page's address for you to open,
 * and plays once you approve.
 *
 *     MALICE_URL=http://localhost:3000 MALICE_CLIENT_ID=<the app's id> npx tsx examples/typescript-bot/bot.ts
 *
 * MALICE_CLIENT_SECRET makes it a confidential app; MALICE_OPPONENT picks the built-in bot (RANDOM, GREEDY or
 * EXPERT; default RANDOM).
 */
import {
  MaliceClient,
  MaliceError,
  MaliceOAuth,
  loopbackRedirect,
  type BotKind,
  type PlayableGame,
  type TokenSource,
} from '../../clients/typescript/src';

const URL = (process.env.MALICE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
const OPPONENT = (process.env.MALICE_OPPONENT ?? 'RANDOM') as BotKind;

/** The token to play with: MALICE_TOKEN, or an app's, from the person's approval (MALICE_CLIENT_ID). */
async function tokens(): Promise<string | TokenSource> {
  const token = process.env.MALICE_TOKEN;
  if (token !== undefined && token !== '') return token;
  const clientId = process.env.MALICE_CLIENT_ID;
  if (clientId === undefined || clientId === '') throw new Error('set MALICE_TOKEN, or MALICE_CLIENT_ID');
  const app = await MaliceOAuth.discover({
    issuer: URL,
    clientId,
    clientSecret: process.env.MALICE_CLIENT_SECRET ?? null,
  });
  const listener = await loopbackRedirect('/cb');
  try {
    const pending = await app.authorizationUrl({
      redirectUri: listener.redirectUri,
      scopes: ['GAME_READ', 'GAME_PLAY'],
    });
    console.log(`open this address to let the bot play for you: ${pending.url.href}`);
    return app.tokenHolder(await app.exchangeCode(await listener.callback, pending));
  } finally {
    await listener.close();
  }
}

/**
 * The first legal move. legalMoves writes every move out in full, a wild card's declared rank included
 * (`*-d2=8`: docs/notation.md), so it is sent as it is.
 */
function choose(legalMoves: readonly string[]): string {
  return legalMoves[0]!;
}

async function main(client: MaliceClient): Promise<void> {
  // Events from now on: those of the new game, whatever else the account has seen before.
  const start = await client.latestEventId();
  const { createGame } = await client.request('CreateBotGame', {
    preset: 'CLASSIC',
    bot: OPPONENT,
    options: { payoffSize: 1 },
  });
  console.log(`playing game ${createGame.id} against ${OPPONENT}`);
  let actedOn = -1;
  /** Plays while it is this player's turn: a turn can take several moves. Acts once per version. */
  const play = async (seen: PlayableGame): Promise<void> => {
    let game = seen;
    while (game.status === 'ACTIVE' && game.isMyTurn && game.version > actedOn) {
      actedOn = game.version;
      try {
        const { makeMove } = await client.request('MakeMove', {
          gameId: game.id,
          move: choose(game.legalMoves),
          expectedVersion: game.version,
          clientMoveId: `move-${game.version}`,
        });
        game = makeMove.game;
      } catch (error) {
        // The game moved on meanwhile (a timeout, the next event on its way): the events say what is next.
        if (error instanceof MaliceError && error.movedOn) return;
        throw error;
      }
    }
  };
  const events = client.events({ after: start });
  try {
    for await (const event of events) {
      const game = event.game;
      if (event.gameId !== createGame.id || game === null) continue;
      if (event.kind === 'GAME_OVER' || game.status === 'FINISHED' || game.status === 'ABORTED') {
        const won = game.result !== null && game.result.winner === game.mySeat;
        console.log(
          `game over: ${game.status} ${game.result?.reason ?? ''} ${won ? 'I won' : 'I did not win'}`,
        );
        return;
      }
      await play(game);
    }
    throw new Error('the events ended before the game did');
  } finally {
    events.close();
  }
}

tokens()
  .then(async (token) => {
    const client = new MaliceClient({ url: URL, token });
    try {
      await main(client);
      return 0;
    } finally {
      await client.close();
    }
  })
  .catch((error: unknown) => {
    console.error(error);
    return 1;
  })
  .then((code) => process.exit(code));
