import { defineConfig } from 'prisma/config';

// Only `prisma generate` is used (see scripts/prisma-generate.mjs); migrations are our own SQL files.
export default defineConfig({ schema: 'prisma/schema.prisma' });
