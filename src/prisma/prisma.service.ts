import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { DatabaseAvailability } from '../db/availability';
import type { ObservedPool } from '../db/connections';
import { QueryPools, queryPools } from '../db/pools';

/**
 * The Prisma client (Prisma 7 with the node-postgres driver adapter), closed with the app. Its connection pool is
 * exposed as `pool` for the statements on hot paths, where a plain query saves Prisma's per-call overhead. The
 * pools have the app's client-side timeouts and report their failures to the availability service
 * (src/db/connections.ts); `pool` takes each connection from the user pool or, for a background worker's work,
 * from the worker pool (src/db/pools.ts), for Prisma's queries as for plain ones.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  readonly pool: ObservedPool;
  /** Both pools by name, for the metrics. */
  readonly pools: QueryPools;
  /**
   * Whether a hot statement may be prepared by name (planned once per connection): not behind a pooler in
   * transaction mode, where the next transaction may run on a server connection that never prepared it.
   */
  readonly namedStatements: boolean;

  constructor(@Inject(RUNTIME_CONFIG) config: RuntimeConfig, availability: DatabaseAvailability) {
    const pools = queryPools(config, availability);
    super({ adapter: new PrismaPg(pools.routed) });
    this.pool = pools.routed;
    this.pools = pools;
    this.namedStatements = config.database.pooler === 'none';
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
    await this.pools.end();
  }
}
