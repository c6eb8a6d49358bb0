import { Global, Module } from '@nestjs/common';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { DatabaseAvailability } from '../db/availability';
import { Announcer } from './announcer';
import { NatsTransport } from './nats-transport';
import { PostgresTransport } from './postgres-transport';
import { EventTransport } from './transport';

/** The transport `EVENTS_URL` names (docs/operations.md#settings): a NATS server, or Postgres by default. */
function transportOf(config: RuntimeConfig, availability: DatabaseAvailability): EventTransport {
  const { events } = config;
  switch (events.transport) {
    case 'postgres':
      return new PostgresTransport(config, availability);
    case 'nats':
      return new NatsTransport(events.servers);
    default: {
      const never: never = events;
      return never;
    }
  }
}

/**
 * How announcements travel between app copies, for every module: the repositories publish through the Announcer
 * after their commits, and the event bus (src/notifications/event-bus.ts) listens on the transport.
 */
@Global()
@Module({
  providers: [
    {
      provide: EventTransport,
      useFactory: transportOf,
      inject: [RUNTIME_CONFIG, DatabaseAvailability],
    },
    Announcer,
  ],
  exports: [EventTransport, Announcer],
})
export class EventsModule {}
