import { Controller, Get, HttpException, HttpStatus } from '@nestjs/common';
import { DatabaseAvailability, Readiness } from '../db/availability';

type ReadinessBody = { status: 'ok' | 'error'; stopping?: true } & Omit<Readiness, 'ready' | 'stopping'>;

/**
 * For load balancers, orchestrators and monitors (docs/operations.md#liveness-and-readiness). Neither asks the
 * database: both answer at once, whatever state it is in.
 * - `GET /health` (liveness): the process is up and serving. 200 whenever it answers; a database outage does not
 *   change it (restarting the app would not bring the database back; it reconnects by itself).
 * - `GET /health/ready` (readiness): the database answers and the event bus listens (pushes flow), and the copy
 *   is not shutting down. 200 or 503, saying which is down (or `stopping`).
 */
@Controller('health')
export class HealthController {
  constructor(private readonly availability: DatabaseAvailability) {}

  @Get()
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  ready(): ReadinessBody {
    const { ready, database, listen, stopping } = this.availability.readiness();
    const body: ReadinessBody = {
      status: ready ? 'ok' : 'error',
      database,
      listen,
      ...(stopping ? { stopping: true as const } : {}),
    };
    if (!ready) throw new HttpException(body, HttpStatus.SERVICE_UNAVAILABLE);
    return body;
  }
}
