// How a webhook delivery is shown (spec 000 section 4).

export function deliveryIcon({ statusCode, status }: { statusCode?: number | null; status: string }): string {
  if (statusCode === 200) return 'sent';
  if (typeof statusCode === 'number' && statusCode >= 400) return 'failed';
  return status;
}

/** Response codes are coloured by their first digit: 2xx green, 3xx blue, 4xx amber, 5xx red. */
export function codeTone(statusCode?: number | null): 'ok' | 'info' | 'warn' | 'bad' | 'none' {
  const digit = statusCode ? String(statusCode)[0] : '';
  return ({ '2': 'ok', '3': 'info', '4': 'warn', '5': 'bad' } as const)[digit as '2' | '3' | '4' | '5'] ?? 'none';
}

/** Webhook URLs must be https; the inline check starts once more than 8 characters are typed. */
export const WEBHOOK_URL_MESSAGE = 'Invalid URL, must start with https://';

export function webhookUrlError(url: string): string | undefined {
  const value = url.trim();
  if (value.length <= 8) return undefined;
  return value.startsWith('https://') ? undefined : WEBHOOK_URL_MESSAGE;
}
