/**
 * Rules versions. Every stored game records the version it was dealt and played under, and is replayed under that
 * version forever: a change that would make any recorded game replay differently is a new version.
 *
 * A version combines three parts, each from its own closed list:
 * - the rules part: how the game is played (docs/rules.md). `malice-rules-1` checked forced plays only when
 *   the turn would end and stored no `blockedWhen`; `malice-rules-2` makes a forced play due at once
 *   (docs/rules.md §2.6) and records `blockedWhen` with the options (§2.9); `malice-rules-3` drops a leaver's null
 *   turn from the run toward the blocked end (§2.9);
 * - the generator part: how the random stream is seeded and drawn (seeding.ts, rng.ts, docs/fairness.md);
 * - the bot-stream part: where a built-in bot's random choices come from (src/bots/bot-move.ts,
 *   docs/fairness.md#the-built-in-bots-choices). `public-bots`: a stream named by the game id, the version and
 *   the seat, which anyone could compute, and so replay a bot's choice for every hand it might hold; the versions
 *   made before the part existed have it, and their names leave it out. `bot-key-v1`: ChaCha20 keyed by a
 *   labelled hash of the secret server seed (seeding.ts `botKey`), secret until the seed is revealed.
 *
 * `RULES_VERSIONS` lists the combinations this engine replays; `RULES_VERSION` is the one new games get. A game
 * recorded under a version not in the list (dealt by a newer engine) is refused with `UnsupportedRulesVersionError`
 * rather than replayed under rules it was not played by.
 */

export const RULES_PARTS = ['malice-rules-1', 'malice-rules-2', 'malice-rules-3'] as const;
export type RulesPart = (typeof RULES_PARTS)[number];

export const GENERATOR_PARTS = ['xoshiro128ss-sha256-v1', 'chacha20-v2'] as const;
export type GeneratorPart = (typeof GENERATOR_PARTS)[number];

export const BOT_STREAM_PARTS = ['public-bots', 'bot-key-v1'] as const;
export type BotStreamPart = (typeof BOT_STREAM_PARTS)[number];

export interface VersionParts {
  readonly rules: RulesPart;
  readonly generator: GeneratorPart;
  readonly bots: BotStreamPart;
}

/** The versions this engine replays, each with its parts. */
const VERSIONS = {
  'malice-rules-1+xoshiro128ss-sha256-v1': {
    rules: 'malice-rules-1',
    generator: 'xoshiro128ss-sha256-v1',
    bots: 'public-bots',
  },
  'malice-rules-1+chacha20-v2': { rules: 'malice-rules-1', generator: 'chacha20-v2', bots: 'public-bots' },
  'malice-rules-2+chacha20-v2': { rules: 'malice-rules-2', generator: 'chacha20-v2', bots: 'public-bots' },
  'malice-rules-2+chacha20-v2+bot-key-v1': {
    rules: 'malice-rules-2',
    generator: 'chacha20-v2',
    bots: 'bot-key-v1',
  },
  'malice-rules-3+chacha20-v2+bot-key-v1': {
    rules: 'malice-rules-3',
    generator: 'chacha20-v2',
    bots: 'bot-key-v1',
  },
} as const satisfies Record<string, VersionParts>;

export type RulesVersion = keyof typeof VERSIONS;

/**
 * Each version's name is `<rules part>+<generator part>`, then `+<bot-stream part>` unless that is `public-bots`
 * (the versions named before the part existed): a version whose name says otherwise does not compile.
 */
type NameOf<Parts extends VersionParts> = Parts['bots'] extends 'public-bots'
  ? `${Parts['rules']}+${Parts['generator']}`
  : `${Parts['rules']}+${Parts['generator']}+${Parts['bots']}`;
type NamedByItsParts = {
  [V in RulesVersion]: V extends NameOf<(typeof VERSIONS)[V]> ? true : never;
};
const namedByItsParts: NamedByItsParts = {
  'malice-rules-1+xoshiro128ss-sha256-v1': true,
  'malice-rules-1+chacha20-v2': true,
  'malice-rules-2+chacha20-v2': true,
  'malice-rules-2+chacha20-v2+bot-key-v1': true,
  'malice-rules-3+chacha20-v2+bot-key-v1': true,
};
void namedByItsParts;

export const RULES_VERSIONS = Object.keys(VERSIONS) as readonly RulesVersion[];

/**
 * The version new games are dealt under: its deal is `chacha20-v2`'s, its built-in bots draw from the secret stream
 * (`bot-key-v1`), and its rules are `malice-rules-3`'s.
 */
export const RULES_VERSION: RulesVersion = 'malice-rules-3+chacha20-v2+bot-key-v1';

export function isRulesVersion(text: string): text is RulesVersion {
  return Object.prototype.hasOwnProperty.call(VERSIONS, text);
}

export function versionParts(version: RulesVersion): VersionParts {
  return VERSIONS[version];
}

/** A game recorded under a version this engine does not know (an older copy meeting a newer game). */
export class UnsupportedRulesVersionError extends Error {
  constructor(readonly version: string) {
    super(
      `rules version ${JSON.stringify(version)} is not one this engine replays (it knows ${RULES_VERSIONS.join(', ')}): ` +
        'the game was recorded by a newer engine',
    );
  }
}

/** `text` as a known version; throws `UnsupportedRulesVersionError` for any other. */
export function requireRulesVersion(text: string): RulesVersion {
  if (!isRulesVersion(text)) throw new UnsupportedRulesVersionError(text);
  return text;
}
