import { Module } from '@nestjs/common';
import { PushRepository } from './push.repository';
import { PushResolver } from './push.resolver';
import { PushService } from './push.service';
import { PushWorker } from './push-worker';
import { VapidKeys } from './vapid';

/**
 * Web Push (docs/correspondence.md#web-push): devices over GraphQL, the VAPID key, and the worker that sends what
 * the push outbox queued (src/push/sql/push-outbox.ts, composed into the games repository's statements).
 */
@Module({
  providers: [PushRepository, VapidKeys, PushWorker, PushService, PushResolver],
  // The repository for sign-out (the players module ends a session's subscription); the worker for tests.
  exports: [PushRepository, PushWorker],
})
export class PushModule {}
