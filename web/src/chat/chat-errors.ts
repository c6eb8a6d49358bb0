/**
 * The API's chat refusals (src/chat/chat.service.ts, docs/social.md#chat) in the reader's words, for ErrorBox's
 * `text` (web/src/error-box.tsx): by `extensions.code`, and `refusal`, `until` or `retryAfter` where the code alone
 * says too little. Anything else keeps ErrorBox's own line.
 */
import type { ApiFailure } from '../api';
import { formatDateTime } from '../i18n';
import { MAX_NOTE_LENGTH } from '../../../src/chat/domain/chat-policy';
import { MAX_MESSAGE_LENGTH } from './chat-lines';
import { strings } from './strings';

/** What sending a message (or reading a room) was refused for, in words; undefined for ErrorBox's own line. */
export function chatFailureText(failure: ApiFailure): string | undefined {
  const E = strings().errors;
  const extensions = failure.extensions;
  switch (failure.code) {
    case 'BLOCKED':
      return E.blocked;
    case 'FORBIDDEN':
      return E.forbidden;
    case 'CHAT_RESTRICTED': {
      const until = extensions['until'];
      return typeof until === 'string' ? E.restrictedUntil(formatDateTime(until)) : E.restricted;
    }
    case 'GUEST_NOT_ALLOWED':
      return extensions['refusal'] === 'chatText' ? E.guestText : undefined;
    case 'RATE_LIMITED': {
      const seconds = extensions['retryAfter'];
      return typeof seconds === 'number' ? E.rateLimited(Math.max(1, Math.ceil(seconds))) : undefined;
    }
    case 'BAD_USER_INPUT':
      switch (extensions['refusal']) {
        case 'tooLong':
          return E.tooLong(MAX_MESSAGE_LENGTH);
        case 'empty':
          return E.empty;
        case 'controlCharacters':
          return E.controlCharacters;
        default:
          return undefined;
      }
    default:
      return undefined;
  }
}

/**
 * What a report was refused for: filed already (a BAD_USER_INPUT that names no field: the details and the category
 * are the fields a report can get wrong, and the panel offers no report of one's own message), or the day's
 * reports used up.
 */
export function reportFailureText(failure: ApiFailure): string | undefined {
  const E = strings().errors;
  if (failure.code === 'BAD_USER_INPUT' && failure.extensions['field'] === undefined)
    return E.alreadyReported;
  if (failure.code === 'RATE_LIMITED') return E.tooManyReports;
  return undefined;
}

/** What saving a note was refused for. */
export function noteFailureText(failure: ApiFailure): string | undefined {
  if (failure.code === 'BAD_USER_INPUT' && failure.extensions['field'] === 'text')
    return strings().errors.noteTooLong(MAX_NOTE_LENGTH);
  return undefined;
}
