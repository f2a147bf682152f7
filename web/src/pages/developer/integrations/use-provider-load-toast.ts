// Loading failures for providers are reported with a toast (spec 000 section 8), on top of
// the message shown in place of the cards.
import { useEffect } from 'react';
import { showError } from '../lib/toasts';

export function useProviderLoadToast({ error, title }: { error: unknown; title: string }): void {
  useEffect(() => {
    if (error) showError({ title, error });
  }, [error, title]);
}
