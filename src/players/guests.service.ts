/**
 * Guests (docs/api/players-and-accounts.md#startguest, src/players/guest-policy.ts): starting one for a
 * visitor, at most GUESTS_PER_ADDRESS_PER_DAY from one address, and keeping one with a name and a password.
 */
import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AuthService } from '../auth/auth.service';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { ApiError } from '../errors/api-error';
import { GUEST_NAME_DIGITS, guestName } from './guest-policy';
import { GuestsRepository } from './guests.repository';
import { PlayerRecord, PlayersService, Session, isUniqueViolation } from './players.service';

/** Names drawn before giving up: with a million names, a run of taken ones means the namespace is nearly full. */
const NAME_DRAWS = 10;

@Injectable()
export class GuestsService {
  constructor(
    private readonly players: PlayersService,
    private readonly guests: GuestsRepository,
    private readonly clock: Clock,
    private readonly auth: AuthService,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {}

  /** A new guest, signed in: RATE_LIMITED past the day's guests from `address`, FORBIDDEN when guests are off. */
  async start(address: string | undefined): Promise<Session> {
    const limit = this.config.guests.perAddressPerDay;
    if (limit === 0) throw new ApiError('FORBIDDEN', 'this server takes no guests: sign up instead');
    const now = this.clock.now();
    if (!(await this.guests.countStart(address ?? 'unknown', limit, now))) {
      throw new ApiError(
        'RATE_LIMITED',
        `at most ${limit} guests a day from one address: sign up instead, or come back tomorrow`,
      );
    }
    for (let draw = 0; draw < NAME_DRAWS; draw++) {
      try {
        const id = await this.guests.insertGuest(guestName(randomInt(10 ** GUEST_NAME_DIGITS)), now);
        const player = await this.players.byId(id);
        if (player === null) throw new Error(`the guest ${id} vanished after it was made`);
        return { token: await this.players.createSession(id), player };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new ApiError('UNAVAILABLE', 'no guest name is free just now: sign up instead');
  }

  /**
   * The guest keeps its account under `username` with `password` (register's rules): the same account, so its
   * games, history and sessions carry over. FORBIDDEN when the account is not a guest.
   */
  async keep(playerId: string, username: string, password: string): Promise<PlayerRecord> {
    const passwordHash = await this.players.credentialsFor(username, password, false);
    let kept: boolean;
    try {
      kept = await this.guests.keep(playerId, username, passwordHash);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ApiError('BAD_USER_INPUT', `the username ${username} is taken`, { field: 'username' });
      throw error;
    }
    if (!kept)
      throw new ApiError('FORBIDDEN', 'this account is not a guest: it has a name and password already');
    // This copy's cached lookups go at once (the others hear it from the announcement in the same transaction).
    this.auth.tokensChanged(playerId);
    const player = await this.players.byId(playerId);
    if (player === null) throw new ApiError('UNAUTHENTICATED', 'the account no longer exists');
    return player;
  }
}
