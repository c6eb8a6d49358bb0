/**
 * `npm run start:testing`: the server of a test build — the same server as `npm start` plus the test controls
 * (test-controls.module.ts: `POST /test/clock`, `POST /test/webhooks/deliver`, docs/correspondence.md#the-testing-clock).
 * For trying a client or bot against deadlines on a local copy; it refuses to start with NODE_ENV=production.
 */
import { serve } from '../serve';
import { TestControlsModule } from './test-controls.module';

if (process.env.NODE_ENV === 'production') {
  console.error('the testing server is for tests: it cannot be started with NODE_ENV=production');
  process.exit(1);
}
serve([TestControlsModule]);
