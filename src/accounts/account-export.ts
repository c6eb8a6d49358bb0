/**
 * One's own data as NDJSON (`GET /api/me/export`, docs/api/exports-and-verification.md#get-apimeexport): one
 * JSON object per line, each with its `type`, in this order — `profile`, `rating` (one per preset), `game`
 * (one per seat the player took) with a `ratingChange` after each rated finished one, `apiToken`, `session`,
 * `oauthApp` (the apps the player registered), `appApproval` (every approval of an app, ended ones too),
 * `webhook`, `emailAddress`, `notificationSettings`, `pushDevice`, `vacation`, `follow`, `block`, `presence`,
 * `gameNote`, `chatMessage`, `playerEvent`. A `chatMessage` is one of the players' room of a game the player
 * sat in (both players' words: it is their conversation) or one the player wrote in a spectators' room;
 * hidden messages are left out. Streamed: the games and the events are read a page at a time as the client
 * takes lines.
 *
 * Never in it: a password hash, a token or its hash, a webhook's secret, an app's secret, a push device's keys,
 * and nothing of a game that could give a card away (no seed, no client seed, no hand): a game line has its id,
 * players and result, and `exportUrl` names the game's own export, which shows each game as a spectator may see
 * it.
 */
import { Injectable } from '@nestjs/common';
import { SCOPES, SCOPE_API_NAMES, type Scope } from '../auth/viewer';
import { PRESET_NAMES, type PresetName } from '../engine';
import { PRESET_API_NAMES } from '../games/domain/vocabulary';
import { NEW_PLAYER, isProvisional } from '../ratings/glicko2';
import { ChatRepository } from '../chat/chat.repository';
import { SocialRepository } from '../social/social.repository';
import { OAuthService } from '../oauth/oauth.service';
import { AccountsRepository } from './accounts.repository';

/** The format's name, in the profile line: a new field may appear in a line, a field never changes meaning. */
export const ACCOUNT_EXPORT_FORMAT = 'malice-account/1';

/** Rows per page of games and of events. */
const PAGE = 200;

@Injectable()
export class AccountExport {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly social: SocialRepository,
    private readonly chat: ChatRepository,
    private readonly oauth: OAuthService,
  ) {}

  /**
   * The lines of `playerId`'s export; `sessionId` is the session asking (marked `current`). The profile is read
   * before anything is returned, so an account gone meanwhile is an error status, not an empty stream.
   */
  async lines(playerId: string, sessionId: string | null, now: Date): Promise<AsyncGenerator<string> | null> {
    const profile = await this.accounts.profile(playerId);
    if (profile === null || profile.deletedAt !== null) return null;
    const line = (record: Record<string, unknown>): string => `${JSON.stringify(record)}\n`;
    const accounts = this.accounts;
    const social = this.social;
    const chat = this.chat;
    const oauth = this.oauth;
    async function* generate(): AsyncGenerator<string> {
      yield line({
        type: 'profile',
        format: ACCOUNT_EXPORT_FORMAT,
        exportedAt: now,
        id: profile!.id,
        username: profile!.username,
        isBot: profile!.isBot,
        createdAt: profile!.createdAt,
      });
      const ratings = await accounts.ratings(playerId);
      for (const preset of PRESET_NAMES) {
        const row = ratings.find((candidate) => candidate.preset === preset);
        const rating = row ?? { ...NEW_PLAYER, games: 0, updatedAt: null };
        yield line({
          type: 'rating',
          preset: PRESET_API_NAMES[preset],
          rating: rating.rating,
          deviation: rating.deviation,
          volatility: rating.volatility,
          provisional: isProvisional(rating),
          games: rating.games,
          updatedAt: rating.updatedAt,
        });
      }
      yield* gameLines(accounts, playerId, line);
      const tokens = await accounts.tokens(playerId);
      for (const token of tokens.filter((candidate) => candidate.kind === 'api')) {
        yield line({
          type: 'apiToken',
          id: token.id,
          name: token.name,
          scopes: token.scopes.filter(isScope).map((scope) => SCOPE_API_NAMES[scope]),
          createdAt: token.createdAt,
          lastUsedAt: token.lastUsedAt,
          revokedAt: token.revokedAt,
        });
      }
      for (const session of tokens.filter((candidate) => candidate.kind === 'session')) {
        yield line({
          type: 'session',
          id: session.id,
          createdAt: session.createdAt,
          lastUsedAt: session.lastUsedAt,
          expiresAt: session.expiresAt,
          revokedAt: session.revokedAt,
          current: session.id === sessionId,
        });
      }
      for (const app of await oauth.appsOf(playerId)) {
        yield line({
          type: 'oauthApp',
          id: app.id,
          name: app.name,
          redirectUris: app.redirectUris,
          confidential: app.confidential,
          createdAt: app.createdAt,
          updatedAt: app.updatedAt,
          disabledAt: app.disabledAt,
        });
      }
      for (const grant of await oauth.grantHistory(playerId)) {
        yield line({
          type: 'appApproval',
          id: grant.id,
          appId: grant.app.id,
          appName: grant.app.name,
          scopes: grant.scopes.filter(isScope).map((scope) => SCOPE_API_NAMES[scope]),
          approvedAt: grant.createdAt,
          lastUsedAt: grant.lastUsedAt,
          revokedAt: grant.revokedAt,
          revokedReason: grant.revokedReason,
        });
      }
      const webhooks = await accounts.webhooks(playerId);
      for (const webhook of webhooks) yield line({ type: 'webhook', ...webhook });
      const reach = await accounts.reach(playerId);
      if (reach.address !== null) yield line({ type: 'emailAddress', ...reach.address });
      if (reach.settings !== null) yield line({ type: 'notificationSettings', ...reach.settings });
      for (const device of reach.devices) yield line({ type: 'pushDevice', ...device });
      for (const vacation of reach.vacations) yield line({ type: 'vacation', ...vacation });
      const chosen = await social.exportOf(playerId);
      for (const follow of chosen.following) yield line({ type: 'follow', ...follow });
      for (const block of chosen.blocking) yield line({ type: 'block', ...block });
      yield line({ type: 'presence', hidden: chosen.presenceHidden });
      const talk = await chat.exportOf(playerId);
      for (const note of talk.notes) yield line({ type: 'gameNote', ...note });
      for (const message of talk.messages) {
        yield line({
          type: 'chatMessage',
          id: message.id,
          gameId: message.gameId,
          room: message.room,
          author: message.authorName,
          text: message.text,
          phrase: message.phrase,
          createdAt: message.createdAt,
        });
      }
      yield* eventLines(accounts, playerId, line);
    }
    return generate();
  }
}

/** A `game` line per seat, oldest game first, each rated finished one followed by its `ratingChange`. */
async function* gameLines(
  accounts: AccountsRepository,
  playerId: string,
  line: (record: Record<string, unknown>) => string,
): AsyncGenerator<string> {
  let after: { createdAt: Date; gameId: string } | null = null;
  for (;;) {
    const rows = await accounts.seats(playerId, after, PAGE);
    for (const row of rows) {
      yield line({
        type: 'game',
        id: row.game_id,
        preset: PRESET_API_NAMES[row.preset as PresetName],
        rated: row.rated,
        status: row.status,
        seats: row.seats,
        seat: row.seat,
        players: row.players,
        createdAt: row.created_at,
        startedAt: row.started_at,
        finishedAt: row.finished_at,
        outcome: row.outcome,
        placement: row.placement,
        score: row.score,
        exportUrl: `/api/games/${row.game_id}/export`,
      });
      if (row.rating_after !== null) {
        yield line({
          type: 'ratingChange',
          gameId: row.game_id,
          preset: PRESET_API_NAMES[row.preset as PresetName],
          finishedAt: row.finished_at,
          outcome: row.outcome,
          ratingBefore: row.rating_before,
          ratingAfter: row.rating_after,
          deviationBefore: row.deviation_before,
          deviationAfter: row.deviation_after,
        });
      }
    }
    const last = rows[rows.length - 1];
    if (rows.length < PAGE || last === undefined) return;
    after = { createdAt: last.created_at, gameId: last.game_id };
  }
}

/** A `playerEvent` line per event, oldest first. */
async function* eventLines(
  accounts: AccountsRepository,
  playerId: string,
  line: (record: Record<string, unknown>) => string,
): AsyncGenerator<string> {
  let after = '0';
  for (;;) {
    const rows = await accounts.events(playerId, after, PAGE);
    for (const row of rows) {
      yield line({
        type: 'playerEvent',
        id: row.id,
        kind: row.kind,
        gameId: row.game_id,
        createdAt: row.created_at,
      });
    }
    const last = rows[rows.length - 1];
    if (rows.length < PAGE || last === undefined) return;
    after = last.id;
  }
}

function isScope(scope: string): scope is Scope {
  return (SCOPES as readonly string[]).includes(scope);
}
