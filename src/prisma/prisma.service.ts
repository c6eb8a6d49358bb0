import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { DatabaseAvailability } from '../db/availability';
import { ObservedPool, observedPool } from '../db/connections';

/**
 * The Prisma client (Prisma 7 with the node-postgres driver adapter), closed with the app. Its connection pool is
 * exposed as `pool` for the statements on hot paths, where a plain query saves Prisma's per-call overhead. The
 * pool has the app's client-side timeouts and reports its failures to the availability service
 * (src/db/connections.ts).
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  readonly pool: ObservedPool;

  constructor(@Inject(RUNTIME_CONFIG) config: RuntimeConfig, availability: DatabaseAvailability) {
    const pool = observedPool(config, 10, (error) => availability.observe(error));
    super({ adapter: new PrismaPg(pool) });
    this.pool = pool;
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
    if (!this.pool.ended) await this.pool.end();
  }
}
