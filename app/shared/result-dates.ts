/** How long a result is kept after it arrives, and when the person is told before it goes (issue 35 item 7). */
export const RESULT_KEPT_MONTHS = 12;
export const RESULT_DELETION_WARNING_DAYS = 30;

/** When a result that arrived at `receivedAt` is deleted: 12 months later, to the day (UTC). */
export function deleteAfterOf(receivedAt: Date): Date {
  const at = new Date(receivedAt);
  const day = at.getUTCDate();
  at.setUTCMonth(at.getUTCMonth() + RESULT_KEPT_MONTHS, 1);
  // 29 February or the 31st: the last day of the month 12 months on, not the next month's first.
  const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  at.setUTCDate(Math.min(day, last));
  return at;
}

/** When the person is told, 30 days before it goes. */
export function deletionWarningAt(receivedAt: Date): Date {
  return new Date(deleteAfterOf(receivedAt).getTime() - RESULT_DELETION_WARNING_DAYS * 86_400_000);
}
