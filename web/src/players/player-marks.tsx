import { strings } from './strings';

/** Marks shown after a name: a bot, a deleted account. */
export function PlayerMarks({ player }: { player: { isBot: boolean; deleted: boolean } }) {
  const S = strings();
  return (
    <>
      {player.isBot && <span class="badge">{S.bot}</span>}
      {player.deleted && <span class="badge deleted">{S.deleted}</span>}
    </>
  );
}
