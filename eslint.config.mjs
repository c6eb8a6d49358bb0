// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const frameworkImports = ['@nestjs/*', '@prisma/*', 'graphql', 'graphql/*', 'pg', 'class-validator'];

// Fences between the layers (docs/architecture.md, "Where a change to a game is decided" and "Layout of a module").
// ESLint keeps one set of options per rule and file (a later config object replaces an earlier one's), so each
// fence below covers files the others leave out, and the stricter sets repeat what the looser ones forbid.
// test/unit/architecture/fences.test.ts lints samples at fenced paths, so a fence cannot silently disappear.

/**
 * The GraphQL layer's packages: the schema, the Nest binding, Apollo. A regular expression, so that it matches the
 * packages alone, never one of our paths (`../graphql/limits` is the plumbing's folder, free to import).
 */
const graphqlPackages = '^(graphql|@nestjs/graphql|@nestjs/apollo|@apollo/[^/]+)(/.*)?$';

/** The API's own files: GraphQL types and resolvers, wherever they live. */
const apiFiles = ['src/*/api/**/*.ts', 'src/**/*.resolver.ts', 'src/**/*.types.ts'];

/**
 * Besides the API: code that works on GraphQL itself, each file for its reason (kept explicit: a new one is a
 * decision, not an accident).
 */
const graphqlUsers = [
  // The GraphQL plumbing (schema limits, scalars, enums, transports) and the one mapping of failures to API errors.
  'src/graphql/**/*.ts',
  'src/errors/**/*.ts',
  // Builds the GraphQL module: the Apollo driver, its plugins, the schema's transform.
  'src/app.module.ts',
  // Reads an operation before it runs, to tell a sign-in from other operations (the sign-in throttle).
  'src/auth/access-gate.ts',
  // Serves the schema's SDL (GET /graphql/schema.graphql).
  'src/http/schema.controller.ts',
  // Counts and logs operations by their root fields: the Apollo plugin, and the labels read from documents.
  'src/metrics/app-metrics.ts',
  'src/metrics/graphql-metrics.ts',
  'src/metrics/operation-labels.ts',
  // The NDJSON streams execute GraphQL subscription documents
  // (docs/api/subscriptions-and-streams.md#streams).
  'src/streams/stream-documents.ts',
  'src/streams/streams.service.ts',
];

/** Pure code: the life rules and what a command decides (docs/architecture.md, "Where a change … is decided"). */
const domainFiles = [
  'src/*/domain/**/*.ts',
  'src/games/write/decide-change.ts',
  'src/games/write/apply-change.ts',
  'src/games/write/game-change.ts',
  'src/games/write/game-command.ts',
];

/** Nest modules register resolvers, so they may import api/ files. */
const moduleFiles = ['src/**/*.module.ts'];

const engineFiles = ['src/engine/**/*.ts'];

const graphqlFence = {
  regex: graphqlPackages,
  message:
    'GraphQL belongs to the API (api/, *.resolver.ts, *.types.ts) and the few files listed in eslint.config.mjs ' +
    '(docs/architecture.md, "Layout of a module").',
};

const apiFence = {
  group: ['**/api', '**/api/**'],
  message:
    'Only the API (api/, *.resolver.ts, *.types.ts) and Nest modules import api/ files: compare with the domain ' +
    "vocabulary (GameStatusName, src/games/domain/vocabulary.ts), not the API's enum objects.",
};

const domainFences = [
  {
    regex: '^(@nestjs/.*|@prisma/.*|pg(/.*)?|class-validator|graphql(/.*)?|@apollo/.*)$',
    message:
      'Domain code is pure: no Nest, GraphQL, pg or Prisma ' +
      '(docs/architecture.md, "Where a change to a game is decided").',
  },
  {
    group: ['**/api', '**/api/**', '**/persistence', '**/persistence/**', '**/generated/**'],
    message:
      'Domain code names no API or persistence code: the handler and the repositories call it, not it them.',
  },
  {
    group: ['**/errors', '**/errors/**'],
    message:
      "Domain code throws no API error: return a refusal, or throw the domain's own error, which " +
      "src/errors/api-error.ts (or the handler's refusalError) maps.",
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'src/generated/**',
      'clients/typescript/generated/**',
      'web/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The engine is a pure library: it must never depend on the service stack (DESIGN §1).
    files: engineFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: frameworkImports,
              message: 'src/engine is pure: no Nest, Prisma, GraphQL, pg or class-validator imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: domainFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: domainFences }] },
  },
  {
    // The API's neighbours: GraphQL is theirs, the API's files are not.
    files: graphqlUsers,
    ignores: [...apiFiles, ...engineFiles, ...domainFiles],
    rules: { 'no-restricted-imports': ['error', { patterns: [apiFence] }] },
  },
  {
    files: moduleFiles,
    ignores: [...apiFiles, ...engineFiles, ...domainFiles, ...graphqlUsers],
    rules: { 'no-restricted-imports': ['error', { patterns: [graphqlFence] }] },
  },
  {
    // Everything else of the service: services, workers, repositories, controllers.
    files: ['src/**/*.ts'],
    ignores: [...apiFiles, ...engineFiles, ...domainFiles, ...graphqlUsers, ...moduleFiles],
    rules: { 'no-restricted-imports': ['error', { patterns: [graphqlFence, apiFence] }] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: { module: 'writable', require: 'readonly', process: 'readonly', console: 'readonly' },
    },
  },
);
