/**
 * `rateLimit`: where the caller's allowance stands (docs/api/errors.md#rate_limited), for clients that cannot
 * read the `RateLimit` headers — a graphql-ws client above all. The operation asking counts once, like any
 * other; reading the allowance counts nothing more.
 */
import { Context, Field, Int, ObjectType, Query, Resolver } from '@nestjs/graphql';
import { AccessGate } from './access-gate';
import type { RequestContext } from './viewer';

@ObjectType('RateLimit', {
  description:
    'Where your request allowance stands in this app copy: per player when signed in, else per client address. ' +
    'The same numbers as the RateLimit header of an HTTP answer.',
})
export class RateLimitType {
  @Field(() => Int, { description: 'Requests a window allows (RateLimit-Policy q).' })
  limit!: number;

  @Field(() => Int, { description: 'Requests left in this window, this one counted (RateLimit r).' })
  remaining!: number;

  @Field(() => Int, {
    description: 'Seconds until the window ends and the allowance is whole again (RateLimit t).',
  })
  resetSeconds!: number;

  @Field(() => Int, { description: 'The length of a window in seconds (RateLimit-Policy w).' })
  windowSeconds!: number;
}

@Resolver(() => RateLimitType)
export class RateLimitResolver {
  constructor(private readonly gate: AccessGate) {}

  @Query(() => RateLimitType, {
    description:
      'Your request allowance as it stands after this operation was counted: signed in, your player’s; ' +
      'anonymous, your address’s. Needs no token and counts as one request, like any operation.',
  })
  rateLimit(@Context() context: RequestContext): RateLimitType {
    const { limit, remaining, resetSeconds } = this.gate.rateLimitOf(context.viewer, context.address);
    return { limit, remaining, resetSeconds, windowSeconds: this.gate.windowSeconds };
  }
}
