/**
 * Follows and blocks (docs/social.md): who may follow or block whom is src/social/social-policy.ts; this reads the
 * accounts and the standing between two players, and writes through the repository.
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { ApiError } from '../errors/api-error';
import { builtinBotById } from '../players/builtin-bots';
import { PlayerRecord, PlayersService } from '../players/players.service';
import {
  MAX_FOLLOWS,
  RELATION_MESSAGES,
  RelationRefusal,
  blockRefusal,
  followRefusal,
} from './social-policy';
import { RelationList, SocialRepository } from './social.repository';

/** How one player stands with another, as the other's page shows it to the first. */
export interface Standing {
  readonly follows: boolean;
  readonly followedBy: boolean;
  readonly blocks: boolean;
  readonly blockedBy: boolean;
}

@Injectable()
export class SocialService {
  constructor(
    private readonly social: SocialRepository,
    private readonly players: PlayersService,
    private readonly clock: Clock,
  ) {}

  async follow(meId: string, username: string): Promise<PlayerRecord> {
    const them = await this.live(username);
    const [counts, blocked] = await Promise.all([
      this.social.counts(meId),
      this.social.blockedEitherWay(meId, them.id),
    ]);
    refuse(followRefusal({ id: meId }, them, { following: counts.following, blockedEitherWay: blocked }));
    await this.social.follow(meId, them.id, this.clock.now());
    return them;
  }

  async unfollow(meId: string, username: string): Promise<boolean> {
    return this.social.unfollow(meId, (await this.players.named(username)).id);
  }

  async block(meId: string, username: string): Promise<PlayerRecord> {
    const them = await this.live(username);
    const counts = await this.social.counts(meId);
    refuse(
      blockRefusal(
        { id: meId },
        { id: them.id, builtinBot: builtinBotById(them.id) !== undefined },
        { blocking: counts.blocking },
      ),
    );
    await this.social.block(meId, them.id, this.clock.now());
    return them;
  }

  async unblock(meId: string, username: string): Promise<boolean> {
    return this.social.unblock(meId, (await this.players.named(username)).id);
  }

  /** One of my lists, by name; at most MAX_FOLLOWS (the first ones, for followers). */
  list(meId: string, list: RelationList): Promise<PlayerRecord[]> {
    return this.social.list(meId, list, MAX_FOLLOWS);
  }

  standing(meId: string, themId: string): Promise<Standing> {
    return this.social.between(meId, themId);
  }

  /**
   * Whether the player is online now (docs/social.md#presence): null when they hide it, and for the built-in bots
   * (always there, never "online").
   */
  async online(playerId: string): Promise<boolean | null> {
    if (builtinBotById(playerId) !== undefined) return null;
    return this.social.presence(playerId);
  }

  presenceHidden(playerId: string): Promise<boolean> {
    return this.social.presenceHidden(playerId);
  }

  async hidePresence(playerId: string, hidden: boolean): Promise<boolean> {
    await this.social.setPresenceHidden(playerId, hidden, this.clock.now());
    return hidden;
  }

  /** The account named `username`, not deleted (NOT_FOUND otherwise). */
  private async live(username: string): Promise<PlayerRecord> {
    const player = await this.players.named(username);
    if (player.deletedAt !== null) throw new ApiError('NOT_FOUND', `the account ${username} was deleted`);
    return player;
  }
}

function refuse(refusal: RelationRefusal | null): void {
  if (refusal === null) return;
  throw new ApiError(refusal === 'blocked' ? 'BLOCKED' : 'BAD_USER_INPUT', RELATION_MESSAGES[refusal]);
}
