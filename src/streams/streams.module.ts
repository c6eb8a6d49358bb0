import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PlayerEventsModule } from '../notifications/notifications.module';
import { StreamsController } from './streams.controller';
import { StreamsService } from './streams.service';

/** The NDJSON streams of the subscriptions (docs/api/subscriptions-and-streams.md#streams). */
@Module({
  imports: [AuthModule, PlayerEventsModule],
  controllers: [StreamsController],
  providers: [StreamsService],
  exports: [StreamsService],
})
export class StreamsModule {}
