/**
 * The authenticated graphql-ws connections of this app copy, so that whatever would refuse a request over HTTP
 * also ends a connection that is already open — at once, not at its next reconnect:
 *
 * - a token revoked, a session logged out or ended by a password change, an account whose scopes changed: the
 *   player's tokens changed (AuthService.tokensChanged, on this copy or announced by another), so that player's
 *   connections are checked again; one whose token is refused now is closed with 4403, the others carry on with
 *   the viewer as it is now (a session whose account became a bot account can read, but no longer play);
 * - a session that expires: its connection is closed when it does;
 * - the announcements may have been missed (the transport's connection was down, the database was away):
 *   `recheckAll` checks every connection again;
 * - an announcement may also be lost without anyone noticing (its copy stopped between the commit and the
 *   publish; the broker delivers at most once): every connection is checked again every WS_TOKEN_RECHECK_MS
 *   (a minute), through the token cache, which bounds how long a revoked token's open socket can live.
 *
 * Each operation sent over a connection also takes the viewer afresh (`current`, through the token cache).
 */
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { databaseFailureOf } from '../db/connection-errors';
import { ApiError } from '../errors/api-error';
import { AuthService } from './auth.service';
import { TokenChanges } from './token-changes';
import { Viewer } from './viewer';

/** The close code for a connection whose token no longer holds (graphql-ws's Forbidden). */
export const FORBIDDEN_CLOSE_CODE = 4403;

/** What an open connection needs of its socket. */
export interface ClosableSocket {
  close(code: number, reason: string): void;
}

/** One open, authenticated connection. */
export interface OpenSocket {
  readonly socket: ClosableSocket;
  /** The connection_init `authorization` value, to authenticate again. */
  readonly authorization: unknown;
  viewer: Viewer;
}

/** setTimeout takes at most 2^31 − 1 ms (about 24.8 days); a later expiry is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

@Injectable()
export class OpenSockets implements OnModuleDestroy {
  private readonly logger = new Logger(OpenSockets.name);
  private readonly byPlayer = new Map<string, Set<OpenSocket>>();
  private readonly expiries = new Map<OpenSocket, NodeJS.Timeout>();
  private readonly unlisten: (() => void)[];
  private readonly periodic: NodeJS.Timeout;

  constructor(
    private readonly auth: AuthService,
    events: TokenChanges,
    @Inject(RUNTIME_CONFIG) config: RuntimeConfig,
  ) {
    const failed = (error: unknown): void =>
      this.logger.error(`checking open sockets failed: ${String(error)}`);
    this.unlisten = [
      // A change on this copy (AuthService.tokensChanged) or announced by another: check that player's sockets.
      auth.onTokensChanged((playerId) => void this.recheckPlayer(playerId).catch(failed)),
      events.onTokensChanged((playerId) => auth.tokensChanged(playerId)),
      events.onReconnected(() => void this.recheckAll().catch(failed)),
    ];
    this.periodic = setInterval(() => void this.recheckOpen().catch(failed), config.sockets.recheckMs);
    this.periodic.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.periodic);
    for (const unlisten of this.unlisten) unlisten();
    for (const timer of this.expiries.values()) clearTimeout(timer);
    this.expiries.clear();
  }

  /** Registers a connection of a signed-in viewer; returns the call that removes it (when it closes). */
  add(open: OpenSocket): () => void {
    const player = open.viewer.player;
    if (player === null) return () => undefined;
    let sockets = this.byPlayer.get(player.id);
    if (sockets === undefined) this.byPlayer.set(player.id, (sockets = new Set()));
    sockets.add(open);
    this.armExpiry(open);
    return () => {
      clearTimeout(this.expiries.get(open));
      this.expiries.delete(open);
      sockets.delete(open);
      if (sockets.size === 0 && this.byPlayer.get(player.id) === sockets) this.byPlayer.delete(player.id);
    };
  }

  /** The connection's viewer as it is now (cached lookups, at most a few seconds old), or null once refused. */
  async current(open: OpenSocket): Promise<Viewer | null> {
    if (open.viewer.player === null) return open.viewer;
    return this.refresh(open);
  }

  /** Checks every connection of `playerId` again (their cached lookups are already gone). */
  async recheckPlayer(playerId: string): Promise<void> {
    await Promise.all([...(this.byPlayer.get(playerId) ?? [])].map((open) => this.refresh(open)));
  }

  /** Checks every connection again through the token cache (its lookups at most a few seconds old). */
  async recheckOpen(): Promise<void> {
    await Promise.all([...this.byPlayer.keys()].map((playerId) => this.recheckPlayer(playerId)));
  }

  /** Checks every connection again: after a gap in the announcements. */
  async recheckAll(): Promise<void> {
    for (const playerId of this.byPlayer.keys()) this.auth.forgetPlayer(playerId);
    await Promise.all([...this.byPlayer.keys()].map((playerId) => this.recheckPlayer(playerId)));
  }

  /**
   * Authenticates the connection's token again: closes it when refused, else takes the viewer as it is now. While
   * the database cannot be asked, the connection keeps the viewer it has (it is checked again once the LISTEN
   * connection is back: `recheckAll`).
   */
  private async refresh(open: OpenSocket): Promise<Viewer | null> {
    try {
      open.viewer = await this.auth.authenticate(open.authorization);
      return open.viewer;
    } catch (error) {
      if (databaseFailureOf(error) !== null) return open.viewer;
      if (!(error instanceof ApiError)) throw error;
      open.socket.close(FORBIDDEN_CLOSE_CODE, error.message);
      return null;
    }
  }

  private armExpiry(open: OpenSocket): void {
    const expiresAt = open.viewer.expiresAt;
    if (expiresAt === null) return;
    const wait = expiresAt.getTime() - Date.now();
    const step = (): void => {
      if (expiresAt.getTime() - Date.now() > 0) {
        this.expiries.set(open, setTimeout(step, Math.min(MAX_TIMER_MS, expiresAt.getTime() - Date.now())));
        return;
      }
      this.expiries.delete(open);
      open.socket.close(FORBIDDEN_CLOSE_CODE, 'the session expired');
    };
    this.expiries.set(open, setTimeout(step, Math.max(0, Math.min(MAX_TIMER_MS, wait))));
  }
}
