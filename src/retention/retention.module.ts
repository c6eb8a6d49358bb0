import { Module } from '@nestjs/common';
import { ChatModule } from '../chat/chat.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { RetentionWorker } from './retention-worker';

/**
 * Retention of notifications and webhook deliveries (docs/operations.md#retention): the pass only, removing rows
 * through the repositories of the modules that own them (the player events' is global: NotificationsModule).
 */
@Module({
  imports: [WebhooksModule, ChatModule],
  providers: [RetentionWorker],
  exports: [RetentionWorker],
})
export class RetentionModule {}
