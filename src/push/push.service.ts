/**
 * A player's devices for Web Push (docs/correspondence.md#web-push): subscribing, listing, removing, and a test
 * push to them all. Sending is the worker's (src/push/push-worker.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { isUuid } from '../common/ids';
import type { Network } from '../config/networks';
import { withStatus } from '../auth/access-gate';
import { ApiError } from '../errors/api-error';
import { RateLimiter } from '../http/rate-limiter';
import { parseNetworks } from '../webhooks/webhook-address';
import { type SubscriptionInput, checkSubscription, deviceName } from './push-policy';
import { PushRepository, type StoredSubscription } from './push.repository';
import { PushWorker } from './push-worker';
import { VapidKeys } from './vapid';

/** Test pushes a player may ask for: a few every ten minutes is plenty to check a device. */
const TEST_PUSHES = { requests: 5, windowSeconds: 600 } as const;
const MAX_USER_AGENT = 512;

@Injectable()
export class PushService {
  private readonly allowed: readonly Network[];
  private readonly tests = new RateLimiter(TEST_PUSHES, () => this.clock.now().getTime());

  constructor(
    private readonly repository: PushRepository,
    private readonly vapid: VapidKeys,
    private readonly worker: PushWorker,
    private readonly clock: Clock,
    @Inject(RUNTIME_CONFIG) config: RuntimeConfig,
  ) {
    this.allowed = parseNetworks(config.push.allowedNetworks);
  }

  /** The key browsers subscribe with (`applicationServerKey`). */
  async publicKey(): Promise<string> {
    return (await this.vapid.get()).publicKey;
  }

  async subscribe(
    playerId: string,
    sessionId: string,
    input: SubscriptionInput,
    userAgent: string | null,
  ): Promise<StoredSubscription> {
    const subscription = checkSubscription(input, this.allowed);
    if (userAgent !== null && userAgent.length > MAX_USER_AGENT)
      throw new ApiError('BAD_USER_INPUT', `userAgent: at most ${MAX_USER_AGENT} characters`, {
        field: 'userAgent',
      });
    return this.repository.subscribe(
      playerId,
      sessionId,
      subscription,
      deviceName(userAgent ?? undefined),
      this.clock.now(),
    );
  }

  list(playerId: string): Promise<StoredSubscription[]> {
    return this.repository.subscriptionsOf(playerId);
  }

  async unsubscribe(playerId: string, id: string): Promise<boolean> {
    if (!isUuid(id) || !(await this.repository.unsubscribe(playerId, id)))
      throw new ApiError('NOT_FOUND', 'no such push subscription');
    return true;
  }

  /** A TEST push to every device of the player, sent at once; how many devices it went to. */
  async test(playerId: string): Promise<number> {
    const { retryAfter } = this.tests.take(playerId);
    if (retryAfter > 0) {
      throw withStatus(
        new ApiError(
          'RATE_LIMITED',
          `too many test pushes: at most ${TEST_PUSHES.requests} every ${TEST_PUSHES.windowSeconds / 60} minutes; ` +
            `try again in ${retryAfter} s`,
          { retryAfter },
        ),
        429,
        { 'Retry-After': String(retryAfter) },
      );
    }
    const queued = await this.repository.queueTest(playerId, this.clock.now());
    if (queued > 0) void this.worker.sendDue().catch(() => undefined);
    return queued;
  }
}
