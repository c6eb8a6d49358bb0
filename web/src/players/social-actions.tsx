/**
 * How I stand with the player whose page it is (`Player.relation`: "Friends", "Follows you", blocked) and the
 * buttons that change it: Follow / Unfollow and Block / Unblock (docs/web.md, "Friends and blocks"). Blocking asks
 * first, in the page: it ends the follows both ways and shuts invitations, joins and seeks between the two.
 * While I block them there is nothing to follow or challenge, so only Unblock is offered.
 */
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, asFailure } from '../api';
import { ErrorBox } from '../error-box';
import { Relation, RelationAction, changeRelation } from './social';
import { strings } from './strings';

/** The one line saying how we stand, or null when there is nothing to say. */
function StandingLine({ relation }: { relation: Relation }) {
  const S = strings().social.standing;
  const text = relation.blocking
    ? S.blocking
    : relation.friends
      ? S.friends
      : relation.followsYou
        ? S.followsYou
        : null;
  if (text === null) return null;
  return (
    <p class="standing" data-testid="standing">
      <span class="badge">{text}</span>
    </p>
  );
}

/** Block's question in the page (not `confirm()`): what a block does, then Block or Cancel. */
function BlockConfirm({
  username,
  busy,
  onYes,
  onNo,
}: {
  username: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const S = strings().social;
  const cancel = useRef<HTMLButtonElement>(null);
  // The focus goes into the question, on the harmless answer: a second Enter does not block anyone.
  useLayoutEffect(() => cancel.current?.focus(), []);
  return (
    <div class="block-confirm card" role="group" aria-labelledby="block-question" data-testid="block-confirm">
      <p id="block-question">
        <strong>{S.blockQuestion(username)}</strong>
      </p>
      <p class="hint">{S.blockAbout}</p>
      <div class="social-buttons">
        <button type="button" data-testid="block-yes" disabled={busy} onClick={onYes}>
          {S.block}
        </button>
        <button type="button" class="secondary" data-testid="block-no" ref={cancel} onClick={onNo}>
          {S.cancel}
        </button>
      </div>
    </div>
  );
}

export function SocialActions({
  username,
  initial,
  challenge,
}: {
  username: string;
  initial: Relation;
  /** The Challenge link, shown among the buttons unless I block the player. */
  challenge: ComponentChildren;
}) {
  const S = strings().social;
  const [relation, setRelation] = useState(initial);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  // One button blocks and unblocks: the focus comes back to it when the question closes, either way.
  const blockButton = useRef<HTMLButtonElement>(null);
  const closeQuestion = () => {
    setAsking(false);
    blockButton.current?.focus();
  };
  const act = async (action: RelationAction): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const next = await changeRelation(action, username);
      if (next !== null) setRelation(next);
      if (action === 'block') closeQuestion();
    } catch (failure) {
      setError(asFailure(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      class="social"
      data-testid="social"
      data-following={relation.following}
      data-follows-you={relation.followsYou}
      data-friends={relation.friends}
      data-blocking={relation.blocking}
    >
      <StandingLine relation={relation} />
      <div class="social-buttons">
        {!relation.blocking && challenge}
        {!relation.blocking &&
          (relation.following ? (
            <button
              type="button"
              class="secondary"
              data-testid="unfollow"
              disabled={busy}
              onClick={() => void act('unfollow')}
            >
              {S.unfollow}
            </button>
          ) : (
            <button type="button" data-testid="follow" disabled={busy} onClick={() => void act('follow')}>
              {S.follow}
            </button>
          ))}
        <button
          type="button"
          class="secondary"
          data-testid={relation.blocking ? 'unblock' : 'block'}
          aria-expanded={relation.blocking ? undefined : asking}
          // Kept enabled while the question is answered: the focus is given back to it when the block is done.
          disabled={busy && !asking}
          ref={blockButton}
          onClick={() => (relation.blocking ? void act('unblock') : setAsking(!asking))}
        >
          {relation.blocking ? S.unblock : S.block}
        </button>
      </div>
      {asking && (
        <BlockConfirm username={username} busy={busy} onYes={() => void act('block')} onNo={closeQuestion} />
      )}
      {error !== null && <ErrorBox error={error} />}
    </div>
  );
}
