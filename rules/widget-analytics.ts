// Widget analytics (spec 003 sections 2, 7, 8 and 9): the date range, its periods and who may
// read it. Shared by the analytics calls and the analytics screen.
import type { ProjectRole, WidgetCollaboratorRole } from './workspace-roles';

export const ANALYTICS_EARLIEST = '2019-08-01';
export const ANALYTICS_DEFAULT_DAYS = 7;
export const ANALYTICS_TOAST_MS = 5000;
export const ANALYTICS_BREAKDOWNS = ['month', 'week', 'day'] as const;
export type AnalyticsBreakdown = (typeof ANALYTICS_BREAKDOWNS)[number];

export const ANALYTICS_MESSAGES = {
  couldNotLoadPlugin: 'Could not load plugin analytics',
  couldNotLoad: 'Could not load analytics.',
  widgetIdEmpty: 'Widget ID is empty.',
  notSavedYet: 'Analytics will be available once you hit Save',
  noData: 'No data.',
  badDate: (field: string): string => `${field} must be a date in MM-DD-YYYY format`,
  tooEarly: (field: string): string => `${field} cannot be before 08-01-2019, when analytics start`,
  tooLate: (field: string): string => `${field} cannot be after today`,
  reversed: 'fromDate must be on or before toDate',
} as const;

const DAY_MS = 86_400_000;
const MM_DD_YYYY = /^(\d{2})-(\d{2})-(\d{4})$/;

/** YYYY-MM-DD of a date's UTC day. */
export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** MM-DD-YYYY to YYYY-MM-DD, or null when it is not a real day. */
export function parseAnalyticsDate(value: string): string | null {
  const match = MM_DD_YYYY.exec(value);
  if (!match) return null;
  const [, month, day, year] = match;
  const iso = `${year}-${month}-${day}`;
  const time = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(time) || isoDay(new Date(time)) !== iso ? null : iso;
}

/** YYYY-MM-DD to the calls' MM-DD-YYYY. */
export const toAnalyticsDate = (iso: string): string => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

export interface DayRange {
  from: string;
  to: string;
}

/** The default range: the last seven days, today included. */
export const defaultRange = (today: string): DayRange => ({ from: addDays(today, 1 - ANALYTICS_DEFAULT_DAYS), to: today });

export type RangeCheck = { ok: true; range: DayRange } | { ok: false; message: string };

/** Checks fromDate and toDate (MM-DD-YYYY); toDate may be tomorrow in UTC, for time zones ahead of it. */
export function checkRange({ fromDate, toDate, today }: { fromDate?: string; toDate?: string; today: string }): RangeCheck {
  const to = toDate === undefined ? today : parseAnalyticsDate(toDate);
  if (!to) return { ok: false, message: ANALYTICS_MESSAGES.badDate('toDate') };
  const from = fromDate === undefined ? defaultRange(to).from : parseAnalyticsDate(fromDate);
  if (!from) return { ok: false, message: ANALYTICS_MESSAGES.badDate('fromDate') };
  if (from < ANALYTICS_EARLIEST) return { ok: false, message: ANALYTICS_MESSAGES.tooEarly('fromDate') };
  if (to < ANALYTICS_EARLIEST) return { ok: false, message: ANALYTICS_MESSAGES.tooEarly('toDate') };
  if (to > addDays(today, 1)) return { ok: false, message: ANALYTICS_MESSAGES.tooLate('toDate') };
  if (from > to) return { ok: false, message: ANALYTICS_MESSAGES.reversed };
  return { ok: true, range: { from, to } };
}

/** The breakdown a range gets unless one is asked for. */
export function defaultBreakdown(range: DayRange): AnalyticsBreakdown {
  const days = daysBetween(range.from, range.to) + 1;
  if (days <= 31) return 'day';
  return days <= 182 ? 'week' : 'month';
}

/** The first day of the period holding `day`: itself, its week's Monday, or its month's first. */
export function periodStart({ day, breakdown }: { day: string; breakdown: AnalyticsBreakdown }): string {
  if (breakdown === 'day') return day;
  if (breakdown === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every period of the range, oldest first, each named by its first day (the first may start before the range). */
export function periods({ range, breakdown }: { range: DayRange; breakdown: AnalyticsBreakdown }): string[] {
  const starts: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const start = periodStart({ day, breakdown });
    if (starts[starts.length - 1] !== start) starts.push(start);
  }
  return starts;
}

/** Owner and every project member read analytics; of widget collaborators, analysts and editors only. */
export function canViewAnalytics({ projectRole, collaboratorRole }: { projectRole: ProjectRole | null; collaboratorRole: WidgetCollaboratorRole | null }): boolean {
  return projectRole !== null || collaboratorRole === 'analyst' || collaboratorRole === 'editor';
}
