/**
 * Who is told what when a game's life moves on (docs/api/events-and-notifications.md#playerevents): the
 * player notifications, derived from what happened to the game — never from a diff of its row. Pure: no
 * database, no clock (the time is the change's own). The repositories write what this returns in the
 * transaction of the change itself, with the webhook deliveries it queues
 * (src/notifications/sql/notification-writes.ts).
 */
import type { PlayerEventKind, PlayerNotification } from '../../notifications/player-event-kinds';

/** What happened to a game, as far as anyone is told of it. */
export type GameLifeEvent =
  /** A game was created; `invitedPlayerId` is the opponent it names, if any. */
  | { readonly type: 'created'; readonly invitedPlayerId: string | null }
  /** The last seat was taken and the game dealt: `seated` in seat order, `toMove` has the first turn. */
  | { readonly type: 'dealt'; readonly seated: readonly string[]; readonly toMove: string }
  /** Another player's turn began (a move, a pass, a resignation or a timeout handed it on). */
  | { readonly type: 'turnStarted'; readonly playerId: string }
  /** The game finished with a result, or was called off (aborted, declined, nobody moved). */
  | { readonly type: 'ended'; readonly seated: readonly string[] }
  /** Most of the turn's time is used up (docs/correspondence.md#reminders). */
  | { readonly type: 'reminded'; readonly playerId: string };

/** The notifications of a game's events, in the order the events happened. */
export function notificationsOf(gameId: string, events: readonly GameLifeEvent[]): PlayerNotification[] {
  const to = (playerId: string, kind: PlayerEventKind): PlayerNotification => ({ playerId, kind, gameId });
  return events.flatMap((event): PlayerNotification[] => {
    switch (event.type) {
      case 'created':
        return event.invitedPlayerId === null ? [] : [to(event.invitedPlayerId, 'CHALLENGE_RECEIVED')];
      case 'dealt':
        return [
          ...event.seated.map((playerId) => to(playerId, 'GAME_STARTED')),
          to(event.toMove, 'YOUR_TURN'),
        ];
      case 'turnStarted':
        return [to(event.playerId, 'YOUR_TURN')];
      case 'ended':
        return event.seated.map((playerId) => to(playerId, 'GAME_OVER'));
      case 'reminded':
        return [to(event.playerId, 'REMINDER')];
      default:
        return unreachable(event);
    }
  });
}

/**
 * The life events of a move appended to an active game: a new turn when another player is to move, the end when
 * it finished the game. `before` and `after` are who was and is to move (null once the game is over).
 */
export function moveLifeEvents(change: {
  readonly before: string | null;
  readonly after: string | null;
  readonly finished: boolean;
  readonly seated: readonly string[];
}): GameLifeEvent[] {
  if (change.finished) return [{ type: 'ended', seated: change.seated }];
  return change.after !== null && change.after !== change.before
    ? [{ type: 'turnStarted', playerId: change.after }]
    : [];
}

function unreachable(event: never): never {
  throw new Error(`unknown game life event ${JSON.stringify(event)}`);
}
