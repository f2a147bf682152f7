// The date window of a chart: from/to are UTC calendar days (YYYY-MM-DD).
import type { AppContext } from '../../../context';
import { ValidationError } from '../../../http/errors';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Window {
  /** ISO instant, inclusive. */
  start: string;
  /** ISO instant, exclusive. */
  end: string;
}

function parseDay(value: string, field: 'from' | 'to'): Date {
  const date = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new ValidationError(`${field === 'from' ? 'From' : 'To'} must be a valid date (YYYY-MM-DD)`, { [`query.${field}`]: 'Must be a valid date (YYYY-MM-DD)' });
  }
  return date;
}

const startOfDay = (date: Date): Date => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/**
 * `toInclusive`: whether the `to` day itself is part of the window. The stats charts send the day
 * after the last one shown (exclusive); the revenue chart sends the last day shown (inclusive).
 * Without dates the window is the last 12 months up to the end of today.
 */
export function chartWindow({ ctx, from, to, toInclusive }: { ctx: AppContext; from?: string; to?: string; toInclusive: boolean }): Window {
  const today = startOfDay(ctx.now());
  const end = to ? new Date(parseDay(to, 'to').getTime() + (toInclusive ? DAY_MS : 0)) : new Date(today.getTime() + DAY_MS);
  const defaultStart = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate()));
  const start = from ? parseDay(from, 'from') : defaultStart;
  if (start.getTime() >= end.getTime()) throw new ValidationError('From must be before to', { 'query.from': 'Must be before to' });
  return { start: start.toISOString(), end: end.toISOString() };
}

export const createdIn = (window: Window): Record<string, unknown> => ({ $gte: window.start, $lt: window.end });

export type GroupBy = 'day' | 'month';

export interface PeriodKey {
  year: number;
  month: number;
  day?: number;
}

export function periodOf(iso: string, groupBy: GroupBy): PeriodKey {
  const d = new Date(iso);
  const key: PeriodKey = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
  if (groupBy === 'day') key.day = d.getUTCDate();
  return key;
}

/** The first instant of the period, as an ISO string. */
export const periodStart = (key: PeriodKey): string => new Date(Date.UTC(key.year, key.month - 1, key.day ?? 1)).toISOString();
