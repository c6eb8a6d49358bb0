/**
 * Who is told what (src/games/domain/notifications.ts, docs/api/events-and-notifications.md#playerevents):
 * one producer per kind of player event, from what happened to the game.
 */
import fc from 'fast-check';
import { GameLifeEvent, moveLifeEvents, notificationsOf } from '../../../src/games/domain/notifications';
import { PLAYER_EVENT_KINDS, type PlayerEventKind } from '../../../src/notifications/player-event-kinds';

/**
 * Kinds no change of the running service tells any more, kept because stored events have them: GAME_UNRATED was
 * written once, by migration 20261201100000_secret_deal, to the players of the games it made unrated.
 */
const HISTORICAL_EVENT_KINDS = ['GAME_UNRATED'] as const satisfies readonly PlayerEventKind[];

const GAME = 'g1';
const [ANN, BOB, CY] = ['ann', 'bob', 'cy'];

describe('notifications of a game’s life', () => {
  it('an invitation tells the invited player (CHALLENGE_RECEIVED); an open game tells nobody', () => {
    expect(notificationsOf(GAME, [{ type: 'created', invitedPlayerId: BOB }])).toEqual([
      { playerId: BOB, kind: 'CHALLENGE_RECEIVED', gameId: GAME },
    ]);
    expect(notificationsOf(GAME, [{ type: 'created', invitedPlayerId: null }])).toEqual([]);
  });

  it('the deal tells every seated player (GAME_STARTED, in seat order), then the first to move (YOUR_TURN)', () => {
    expect(notificationsOf(GAME, [{ type: 'dealt', seated: [ANN, BOB, CY], toMove: BOB }])).toEqual([
      { playerId: ANN, kind: 'GAME_STARTED', gameId: GAME },
      { playerId: BOB, kind: 'GAME_STARTED', gameId: GAME },
      { playerId: CY, kind: 'GAME_STARTED', gameId: GAME },
      { playerId: BOB, kind: 'YOUR_TURN', gameId: GAME },
    ]);
  });

  it('a new turn tells its player; the end tells everyone seated; a reminder too', () => {
    expect(notificationsOf(GAME, [{ type: 'turnStarted', playerId: CY }])).toEqual([
      { playerId: CY, kind: 'YOUR_TURN', gameId: GAME },
    ]);
    expect(notificationsOf(GAME, [{ type: 'ended', seated: [ANN, BOB] }]).map((n) => n.kind)).toEqual([
      'GAME_OVER',
      'GAME_OVER',
    ]);
    expect(notificationsOf(GAME, [{ type: 'reminded', playerId: ANN }])).toEqual([
      { playerId: ANN, kind: 'REMINDER', gameId: GAME },
    ]);
  });

  it('every player event kind but the historical ones has a producer', () => {
    const all: GameLifeEvent[] = [
      { type: 'created', invitedPlayerId: BOB },
      { type: 'dealt', seated: [ANN, BOB], toMove: ANN },
      { type: 'turnStarted', playerId: BOB },
      { type: 'ended', seated: [ANN, BOB] },
      { type: 'reminded', playerId: ANN },
    ];
    const kinds = new Set(notificationsOf(GAME, all).map((n) => n.kind));
    const historical: readonly string[] = HISTORICAL_EVENT_KINDS;
    expect([...kinds].sort()).toEqual(PLAYER_EVENT_KINDS.filter((kind) => !historical.includes(kind)).sort());
  });

  it('a move: the end when it finished the game, else a new turn only when another player is to move', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(ANN, BOB, CY),
        fc.option(fc.constantFrom(ANN, BOB, CY), { nil: null }),
        fc.boolean(),
        (before, after, finished) => {
          const events = moveLifeEvents({ before, after, finished, seated: [ANN, BOB, CY] });
          if (finished) expect(events).toEqual([{ type: 'ended', seated: [ANN, BOB, CY] }]);
          else if (after !== null && after !== before)
            expect(events).toEqual([{ type: 'turnStarted', playerId: after }]);
          else expect(events).toEqual([]);
        },
      ),
    );
  });
});
