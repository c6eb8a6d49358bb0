/** The Malice rules engine: pure, deterministic, no framework imports. See docs/rules.md and docs/notation.md. */
export * from './cards';
export * from './options';
export * from './rng';
export * from './versions';
export * from './seeding';
export { sha256Hex, sha256Bytes, bytesToHex, utf8 } from './sha256';
export * from './state';
export * from './moves';
export * from './events';
export * from './violations';
export * from './setup';
export { decide, type Decision } from './decide';
export { evolve, applyEvent, perspectiveOf } from './evolve';
export * from './view';
export * from './game';
export {
  type ForcedPlay,
  type Perspective,
  isWild,
  legalMovesFor,
  forcedPlaysFor,
  pendingForcedPlay,
  hasCenterPlay,
} from './rules';
export * from './position';
export * from './bots';
