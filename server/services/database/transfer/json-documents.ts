// One JSON document of an import (a JSON array's element, an NDJSON line) as a row's input.

export const NOT_AN_OBJECT = 'Each document must be a JSON object';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The row read from a value: its input when it is an object, else the problem. */
export const rowOfValue = (value: unknown): { input: Record<string, unknown> } | { problem: string } =>
  isObject(value) ? { input: value } : { problem: NOT_AN_OBJECT };

/** The row read from JSON text; text that is not JSON is the row's `notJson` problem. */
export function documentOf(text: string, notJson: string): { input: Record<string, unknown> } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: notJson };
  }
  return rowOfValue(value);
}
