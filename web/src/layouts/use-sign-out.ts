// Signs out (the session is destroyed on the server), forgets cached data, and leaves.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useLogoutUserMutation } from '../../../generated/client/@tanstack/react-query.gen';

export function useSignOut(to: string): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useLogoutUserMutation();
  return () => {
    logout.mutate(
      {},
      {
        onSuccess: () => {
          queryClient.clear();
          void navigate(to, { replace: true });
        },
        onError: () => toast.error('Could not sign out. Please try again.'),
      },
    );
  };
}
