/**
 * `npm start` (and the Dockerfile's command): the server as it runs in production, with nothing test-only mounted
 * whatever the settings (src/serve.ts).
 */
import { serve } from './serve';

serve();
