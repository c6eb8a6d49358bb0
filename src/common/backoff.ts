/** When a delivery whose attempt number `attempt` (1-based) failed is tried again: the delays in turn, the last kept. */
export function retryAt(delaysMs: readonly number[], attempt: number, at: Date): Date {
  const delay = delaysMs[Math.min(Math.max(attempt, 1), delaysMs.length) - 1]!;
  return new Date(at.getTime() + delay);
}
