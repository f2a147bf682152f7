// The generated client, configured once: same-origin calls with the session cookie.
import { QueryClient } from '@tanstack/react-query';
import { client } from '../../generated/client/client.gen';

client.setConfig({ baseUrl: '', credentials: 'include' });

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

export { client };
