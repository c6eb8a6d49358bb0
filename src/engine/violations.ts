/** The closed list of reasons a command is refused. Each comes with a human reason naming the rule. */
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

export interface Violation {
  readonly code: ViolationCode;
  /** For people: what was wrong and which rule says so. Never names a card the player may not see. */
  readonly reason: string;
}

export function violation(code: ViolationCode, reason: string): Violation {
  return { code, reason };
}
