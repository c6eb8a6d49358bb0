import { Module } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { ArchiveRepository } from './archive.repository';
import { ArchiveWorker } from './archive-worker';

/** Compact archives of finished games' move logs (docs/operations.md#archive). */
@Module({
  providers: [
    {
      provide: ArchiveRepository,
      useFactory: (prisma: PrismaService) => new ArchiveRepository(prisma.pool),
      inject: [PrismaService],
    },
    ArchiveWorker,
  ],
  exports: [ArchiveWorker, ArchiveRepository],
})
export class ArchiveModule {}
