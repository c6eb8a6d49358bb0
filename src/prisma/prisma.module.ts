import { Global, Module } from '@nestjs/common';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { DatabaseAvailability } from '../db/availability';
import { Replicas } from '../db/replicas';
import { PrismaService } from './prisma.service';

/**
 * The Prisma client, what the app knows of the database's availability, and the read replicas
 * (src/db/replicas.ts: their fallback is the Prisma client's pool), for every module.
 */
@Global()
@Module({
  providers: [
    DatabaseAvailability,
    PrismaService,
    {
      provide: Replicas,
      inject: [RUNTIME_CONFIG, PrismaService],
      useFactory: (config: RuntimeConfig, prisma: PrismaService) => new Replicas(config, prisma.pool),
    },
  ],
  exports: [DatabaseAvailability, PrismaService, Replicas],
})
export class PrismaModule {}
