/** @jest-environment ./test/web/jsdom-environment.ts */
// Spec 000 section 8: loading failures for providers are reported with a toast, and the
// connect page names the provider it could not reach.
import { render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { ApiError } from '../../forms/server-errors';
import { useProviderLoadToast } from '../../web/src/pages/developer/integrations/use-provider-load-toast';
import { TEXTS, providerProblem } from '../../web/src/pages/developer/texts';

function Probe({ error, title }: { error: unknown; title: string }) {
  useProviderLoadToast({ error, title });
  return null;
}

describe('provider loading failures', () => {
  it('words the provider connection problem as the spec does', () => {
    expect(providerProblem('Shopify')).toBe('There was a problem connecting to this provider, did you set up the integration to Shopify correctly?');
  });

  it('shows a toast with the title and the server message when providers fail to load', async () => {
    render(<><Toaster /><Probe error={new ApiError({ message: 'Service unavailable', status: 503 })} title={providerProblem('Shopify')} /></>);
    expect(await screen.findByText(providerProblem('Shopify'))).toBeTruthy();
    expect(await screen.findByText('Service unavailable')).toBeTruthy();
  });

  it('shows the generic fallback when the failure carries no message', async () => {
    render(<><Toaster /><Probe error={new Error('')} title={TEXTS.fallback} /></>);
    expect(await screen.findByText(TEXTS.fallback)).toBeTruthy();
  });

  it('shows no toast while providers load fine', async () => {
    render(<><Toaster /><Probe error={null} title={providerProblem('Stripe')} /></>);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(providerProblem('Stripe'))).toBeNull();
  });
});
