// Stored as YYYY-MM-DD (sorts as text); the screens show MM/DD/YYYY and may send it so.
import { fail, isString, ok } from './types';
import type { FieldTypeDef } from './types';

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const US = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function isoDate(text: string): string | undefined {
  const iso = ISO.exec(text);
  const us = US.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!year) return undefined;
  const date = `${year}-${month}-${day}`;
  const time = Date.parse(`${date}T00:00:00Z`);
  // Date rolls 02/30 over to March: a real day reads back the same.
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(date) ? date : undefined;
}

export const date: FieldTypeDef = {
  check: ({ value, label }) => {
    const parsed = isString(value) ? isoDate(value.trim()) : undefined;
    return parsed ? ok(parsed) : fail(`${label} must be a valid date`);
  },
};
