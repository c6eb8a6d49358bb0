/**
 * Deleting an account (docs/api/players-and-accounts.md#deleteaccount). The account becomes a tombstone: its
 * row, id and username stay (the games it played still name it, and nobody can register the name and pass for
 * it in anyone's history), and everything personal goes. Its games are settled through the games service's
 * own paths, so the other players get the events, results and rating changes they would get from any
 * resignation or call-off.
 */
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { AuthService } from '../auth/auth.service';
import { Clock } from '../clock/clock';
import { GamesService } from '../games/games.service';
import { GameHandler } from '../games/write/game-handler';
import { GuestsService } from '../players/guests.service';
import { ChatRepository } from '../chat/chat.repository';
import { SocialRepository } from '../social/social.repository';
import { PlayerRecord, PlayersService } from '../players/players.service';
import { OAuthService } from '../oauth/oauth.service';
import { AccountsRepository } from './accounts.repository';

@Injectable()
export class AccountsService implements OnModuleDestroy {
  private readonly logger = new Logger(AccountsService.name);
  private readonly unlisten: () => void;

  constructor(
    private readonly players: PlayersService,
    private readonly games: GamesService,
    private readonly handler: GameHandler,
    private readonly clock: Clock,
    private readonly accounts: AccountsRepository,
    private readonly guests: GuestsService,
    private readonly social: SocialRepository,
    private readonly chat: ChatRepository,
    private readonly oauth: OAuthService,
    auth: AuthService,
  ) {
    // A deletion on another app copy reaches this one as a change of the player's tokens (announced through
    // Postgres): the games this copy remembers then show the player as deleted too.
    this.unlisten = auth.onTokensChanged(
      (playerId) =>
        void this.showIfDeleted(playerId).catch((error: unknown) =>
          this.logger.error(`checking a deleted account failed: ${String(error)}`),
        ),
    );
  }

  onModuleDestroy(): void {
    this.unlisten();
  }

  /**
   * Deletes the account once `password` is confirmed:
   * 1. its running games are resigned and its waiting games and invitations called off;
   * 2. it becomes a tombstone: the password hash, every token (so every session: open sockets close at once),
   *    webhook and pending delivery go, in one transaction;
   * 3. the games are settled again, for a join that was in flight while the tokens went;
   * 4. what the endings wrote for it (events, ratings) goes: it leaves every leaderboard.
   * A failure in 1 or 2 is reported to the caller and leaves the account alive (with the games settled so far).
   * Once 2 has committed the account is deleted, and its owner, whose tokens are gone, could not ask again: a
   * failure in 3 or 4 is logged for the operator rather than reported as a deletion that did not happen.
   */
  async deleteAccount(playerId: string, password: string): Promise<void> {
    // A guest has no password to confirm (src/players/guest-policy.ts): its session is all it has.
    if ((await this.players.byId(playerId))?.guestSince == null)
      await this.players.confirmPassword(playerId, password);
    await this.remove(playerId);
  }

  /**
   * A guest keeps its account under `username` with `password` (src/players/guests.service.ts): the games this copy
   * remembers show the new name at once (the other copies when they hear of the change to its tokens).
   */
  async keepGuest(playerId: string, username: string, password: string): Promise<PlayerRecord> {
    const player = await this.guests.keep(playerId, username, password);
    this.games.guestKept(player.id, player.username);
    return player;
  }

  /**
   * Removes a guest left alone (src/accounts/guest-sweeper.ts) as its owner would delete it; false when the account
   * is no longer a live guest (kept or deleted meanwhile).
   */
  async removeGuest(playerId: string): Promise<boolean> {
    const account = await this.players.byId(playerId);
    if (account === null || account.guestSince === null || account.deletedAt !== null) return false;
    await this.remove(playerId);
    return true;
  }

  /** Steps 1–4 of deleteAccount, once the owner is confirmed. */
  private async remove(playerId: string): Promise<void> {
    await this.handler.settleGamesOf(playerId);
    const now = this.clock.now();
    await this.players.tombstone(playerId, now);
    this.games.accountDeleted(playerId, now);
    try {
      await this.handler.settleGamesOf(playerId);
      await this.eraseAfterGames(playerId);
    } catch (error) {
      this.logger.error(`account ${playerId} was deleted, but settling its games failed: ${String(error)}`);
    }
  }

  /**
   * What a deleted account still had once its games are settled (their endings wrote some): its player events and
   * its ratings, each erased by the code that writes its table. Its seats in games, with their outcomes and rating
   * changes, stay: they are part of the other players' games and rating histories. (A game of three or more that
   * goes on after its resignation rates its seat again when it ends; the leaderboard leaves deleted accounts out.)
   */
  private async eraseAfterGames(playerId: string): Promise<void> {
    await this.accounts.eraseAfterGames(playerId);
    // Follows and blocks, both ways: a tombstone follows nobody and nobody follows it (docs/social.md).
    await this.social.eraseOf(playerId);
    // Its chat messages, notes and mutes (docs/social.md#chat); reports it filed stay, without a reporter.
    await this.chat.eraseOf(playerId);
    // The apps it approved, and the apps it registered (whoever approved those loses their access at once).
    await this.oauth.eraseOf(playerId);
  }

  /** The games this copy remembers show the account as it is now: deleted, or kept by a guest under a new name. */
  private async showIfDeleted(playerId: string): Promise<void> {
    const player = await this.players.byId(playerId);
    if (player === null) return;
    if (player.deletedAt !== null) this.games.accountDeleted(playerId, player.deletedAt);
    else if (player.guestSince === null) this.games.guestKept(playerId, player.username);
  }
}
