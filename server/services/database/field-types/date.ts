// Stored as YYYY-MM-DD (sorts as text); the screens show MM/DD/YYYY and may send it so.
import { fail, isString, ok } from './types';
import type { FieldTypeDef } from './types';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const US = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** A day of the (proleptic Gregorian) calendar: 02/30 is none. Counted, not parsed: imports check millions. */
function isRealDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]);
}

function isoDate(text: string): string | undefined {
  const iso = ISO.exec(text);
  const us = iso ? null : US.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!year) return undefined;
  return isRealDay(Number(year), Number(month), Number(day)) ? `${year}-${month}-${day}` : undefined;
}

export const date: FieldTypeDef = {
  check: ({ value, label }) => {
    const parsed = isString(value) ? isoDate(value.trim()) : undefined;
    return parsed ? ok(parsed) : fail(`${label} must be a valid date`);
  },
};
