import { Module } from '@nestjs/common';
import { RetentionRepository } from './retention.repository';
import { RetentionWorker } from './retention-worker';

/** Retention of notifications and webhook deliveries (docs/operations.md#retention). */
@Module({
  providers: [RetentionRepository, RetentionWorker],
  exports: [RetentionWorker],
})
export class RetentionModule {}
