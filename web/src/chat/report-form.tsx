/**
 * Reporting a message to the moderators (`reportChat`, docs/social.md#moderation): what is wrong with it — outside
 * help only in a rated game, as the server allows — and optional details. The message is quoted, so the reader
 * sees what they report; the keyboard lands on the first choice.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type { ReportCategory } from '../generated/graphql';
import { MAX_REPORT_DETAILS, REPORT_CATEGORIES } from '../../../src/chat/domain/chat-policy';
import { reportFailureText } from './chat-errors';
import type { ChatLine } from './chat-lines';
import { CHAT } from './operations';
import { strings } from './strings';

/** The categories one may choose for a game: OUTSIDE_HELP only for a rated one (chat-policy.ts categoryRefusal). */
export function reportCategories(rated: boolean): readonly ReportCategory[] {
  return REPORT_CATEGORIES.filter((category) => rated || category !== 'OUTSIDE_HELP');
}

export function ReportForm({
  line,
  rated,
  onDone,
  onCancel,
}: {
  line: ChatLine;
  rated: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const S = strings();
  const categories = reportCategories(rated);
  const [category, setCategory] = useState<ReportCategory>(categories[0]!);
  const [details, setDetails] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const first = useRef<HTMLSelectElement>(null);
  useLayoutEffect(() => first.current?.focus(), []);

  const submit = (event: Event) => {
    event.preventDefault();
    setSending(true);
    setFailure(null);
    const said = details.trim();
    request(CHAT, 'ChatReport', {
      input: { messageId: line.id, category, details: said === '' ? null : said },
    })
      .then(() => onDone())
      .catch((error: unknown) => {
        setFailure(asFailure(error));
        setSending(false);
      });
  };

  return (
    <form
      class="chat-report-form"
      data-testid="chat-report-form"
      aria-labelledby="chat-report-heading"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <p id="chat-report-heading">
        <strong>{S.reportHeading(line.author)}</strong>
      </p>
      <blockquote class="chat-quote">{line.phrase !== null ? S.phrase[line.phrase] : line.text}</blockquote>
      <label>
        {S.category}
        <select
          ref={first}
          data-testid="chat-report-category"
          value={category}
          onChange={(event) => setCategory(event.currentTarget.value as ReportCategory)}
        >
          {categories.map((choice) => (
            <option key={choice} value={choice}>
              {S.categories[choice]}
            </option>
          ))}
        </select>
      </label>
      <label>
        {S.details}
        <textarea
          rows={2}
          maxLength={MAX_REPORT_DETAILS}
          data-testid="chat-report-details"
          value={details}
          onInput={(event) => setDetails(event.currentTarget.value)}
        />
      </label>
      <div class="chat-report-buttons">
        <button type="submit" data-testid="chat-report-send" disabled={sending}>
          {S.sendReport}
        </button>
        <button type="button" class="secondary" data-testid="chat-report-cancel" onClick={onCancel}>
          {S.cancel}
        </button>
      </div>
      {failure !== null && <ErrorBox error={failure} text={reportFailureText(failure)} />}
    </form>
  );
}
