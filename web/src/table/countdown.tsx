/** The deadline as a live countdown, ticking every second (the server's clock decides; this only shows it). */
import { useEffect, useState } from 'preact/hooks';
import { formatDateTime } from '../i18n';
import { strings as common } from '../strings';
import { strings } from './strings';

function remaining(ms: number): string {
  const C = common();
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${C.days(days)} ${C.hours(hours)}`;
  if (hours > 0) return `${C.hours(hours)} ${C.minutes(minutes)}`;
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export function Countdown({ deadline }: { deadline: string | null }) {
  const S = strings();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (deadline === null) {
    return (
      <span class="countdown muted" data-testid="countdown">
        {S.noClock}
      </span>
    );
  }
  const left = Date.parse(deadline) - now;
  return (
    <span class="countdown" data-testid="countdown" data-deadline={deadline} title={formatDateTime(deadline)}>
      {S.deadline}: <time dateTime={deadline}>{left > 0 ? remaining(left) : S.timeUp}</time>
    </span>
  );
}
