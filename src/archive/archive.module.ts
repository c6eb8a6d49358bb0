import { Module } from '@nestjs/common';
import { ArchiveRepository } from './archive.repository';
import { ArchiveWorker } from './archive-worker';

/** Compact archives of finished games' move logs (docs/operations.md#archive). */
@Module({
  providers: [ArchiveRepository, ArchiveWorker],
  exports: [ArchiveWorker],
})
export class ArchiveModule {}
