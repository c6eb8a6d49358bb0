import { strings } from './strings';
import './online.css';

/**
 * "Online" beside a name when the player has a page open now (`Player.online`, docs/social.md "Presence"): a dot and
 * the word, so it is not told by colour alone. Nothing when false or null (hidden, a bot, a deleted account): the
 * page does not tell "offline" from "hidden".
 */
export function OnlineBadge({ online }: { online: boolean | null }) {
  if (online !== true) return null;
  return (
    <span class="online-badge" data-testid="online">
      <span class="online-dot" aria-hidden="true" />
      {strings().online}
    </span>
  );
}
