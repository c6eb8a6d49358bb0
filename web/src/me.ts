/** The signed-in player, as every page receives it. */
export interface Me {
  readonly id: string;
  readonly username: string;
  /**
   * A guest (docs/api/players-and-accounts.md#startguest): plays the built-in bots and unrated seeks until
   * the account is kept.
   */
  readonly isGuest: boolean;
}
