/** The signed-in player, as every page receives it. */
export interface Me {
  readonly id: string;
  readonly username: string;
}
