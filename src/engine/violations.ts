/**
 * The closed list of reasons a command is refused. Each comes with a human reason naming the rule in words, the
 * facts a client needs to say the same in its own language (`params`, one shape per code), and the sentences of
 * the rule texts it rests on (docs/rules.md: S…, R…, E…).
 */
export const VIOLATION_CODES = [
  'MALFORMED_COMMAND',
  'MALFORMED_MOVE',
  'GAME_OVER',
  'NO_SUCH_SEAT',
  'SEAT_OUT',
  'NOT_YOUR_TURN',
  'NO_SUCH_PILE',
  'EMPTY_SOURCE',
  'CARD_NOT_IN_HAND',
  'DOES_NOT_FIT',
  'CENTER_FULL',
  'ONLY_ACE_STARTS_PILE',
  'PAYOFF_ONLY_TO_CENTER',
  'SIDE_ONLY_FROM_HAND',
  'SIDE_BUILD',
  'LOW_CARD_TO_SIDE',
  'BAD_DECLARATION',
  'FORCED_PLAY_PENDING',
  'PASS_NOT_ALLOWED',
] as const;
export type ViolationCode = (typeof VIOLATION_CODES)[number];

/** Why a play is forced (docs/rules.md §2.6): the rule option that forces it. */
export const FORCED_PLAY_REASONS = ['FORCED_ACE', 'FORCED_TWO_ON_ACE', 'FORCED_PAYOFF_PLAY'] as const;
export type ForcedPlayReason = (typeof FORCED_PLAY_REASONS)[number];

/** What is wrong with a declared rank (`*-d2=8`). */
export const DECLARATION_PROBLEMS = [
  /** `=R` on a centre pile: ranks are declared only on side piles. */
  'ONLY_ON_SIDE_PILE',
  /** `=A`: a wild card never stands for an ace. */
  'NEVER_AN_ACE',
  /** A wild card onto a `sameOrOneLower` side pile without `=R`. */
  'WILD_MUST_DECLARE',
  /** `=R` for a natural card, or onto a pile that takes anything (`sideBuild: any`). */
  'NOTHING_TO_DECLARE',
] as const;
export type DeclarationProblem = (typeof DECLARATION_PROBLEMS)[number];

/**
 * The parameters of each code. Cards (`KH`, `*`), piles (`c1`, `d2`, `p` for the pay-off pile) and ranks (`A`,
 * `2` … `K`) are in the notation (docs/notation.md). A parameter never names a card its seat may not see: only
 * the seat's own hand, pay-off top and side piles, the centre, and what the command itself named.
 */
export interface ViolationParams {
  readonly MALFORMED_COMMAND: Record<string, never>;
  /** `move`: the start of the text sent (at most 20 characters). */
  readonly MALFORMED_MOVE: { readonly move: string };
  readonly GAME_OVER: Record<string, never>;
  readonly NO_SUCH_SEAT: { readonly seat: number };
  readonly SEAT_OUT: { readonly seat: number };
  /** `current`: the seat to move. */
  readonly NOT_YOUR_TURN: { readonly seat: number; readonly current: number };
  readonly NO_SUCH_PILE: { readonly pile: string };
  readonly EMPTY_SOURCE: { readonly pile: string };
  readonly CARD_NOT_IN_HAND: { readonly card: string };
  /** `needs`: the rank the centre pile takes next. */
  readonly DOES_NOT_FIT: { readonly card: string; readonly pile: string; readonly needs: string };
  readonly CENTER_FULL: { readonly maxCenterPiles: number };
  readonly ONLY_ACE_STARTS_PILE: { readonly card: string };
  readonly PAYOFF_ONLY_TO_CENTER: Record<string, never>;
  readonly SIDE_ONLY_FROM_HAND: Record<string, never>;
  /** `top`: the rank the side pile shows (a wild card counts as the rank it was declared). */
  readonly SIDE_BUILD: { readonly card: string; readonly pile: string; readonly top: string };
  /** `centerFull`: whether all centre piles exist (then only a 2 onto a 3 or an ace onto a 2 may go). */
  readonly LOW_CARD_TO_SIDE: {
    readonly card: string;
    readonly pile: string;
    readonly centerFull: boolean;
    readonly maxCenterPiles: number;
  };
  readonly BAD_DECLARATION: { readonly problem: DeclarationProblem; readonly card: string };
  /**
   * The first forced play still due: `card` from `from` (`p`, `dN` or `hand`) to `pile` (`cN`, or `c` for a new
   * pile), i.e. the move `move`, forced by `forced`. `atOnce`: due before any other move (`malice-rules-2`), else
   * only before the turn ends.
   */
  readonly FORCED_PLAY_PENDING: {
    readonly forced: ForcedPlayReason;
    readonly card: string;
    readonly from: string;
    readonly pile: string;
    readonly move: string;
    readonly atOnce: boolean;
  };
  readonly PASS_NOT_ALLOWED: Record<string, never>;
}

/** A refusal: its code, a human reason, its code's parameters and the rule sentences it rests on. */
export type Violation = {
  readonly [C in ViolationCode]: {
    readonly code: C;
    /** For people: what was wrong, the rule named in words. Never names a card the player may not see. */
    readonly reason: string;
    readonly params: ViolationParams[C];
    /** The sentence ids of the rule texts (docs/rules.md), e.g. `['S7', 'R7', 'E6']`; empty when none. */
    readonly sentences: readonly string[];
  };
}[ViolationCode];

export function violation<C extends ViolationCode>(
  code: C,
  reason: string,
  params: ViolationParams[C],
  sentences: readonly string[] = [],
): Violation {
  return { code, reason, params, sentences } as Violation;
}
