import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';

/**
 * The Prisma client (Prisma 7 with the node-postgres driver adapter), closed with the app. Its connection pool is
 * exposed as `pool` for the one statement on the move path, where a plain query saves Prisma's per-call overhead.
 */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  readonly pool: Pool;

  constructor(@Inject(RUNTIME_CONFIG) config: RuntimeConfig) {
    const pool = new Pool({ connectionString: config.databaseUrl, max: 10 });
    super({ adapter: new PrismaPg(pool) });
    this.pool = pool;
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
    if (!this.pool.ended) await this.pool.end();
  }
}
