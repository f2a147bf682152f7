// Delete account, behind a confirmation. On success the session is gone: forget every
// cached answer and go to the login page.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useDeleteAccountMutation } from '../../../../../generated/client/@tanstack/react-query.gen';
import { ConfirmPopup } from '../../../components/ConfirmPopup';

export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteAccountMutation();

  const confirm = async (): Promise<void> => {
    try {
      const answer = await remove.mutateAsync({});
      queryClient.clear();
      toast.success(answer.message);
      void navigate('/login', { replace: true });
    } catch (thrown) {
      toast.error('Could not delete account');
      throw thrown;
    }
  };

  return (
    <div className="card account-danger">
      <h2>Delete account</h2>
      <p className="muted">Permanently delete your account, your profile and your sign-in details. This cannot be undone.</p>
      <div>
        <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
          Delete account
        </button>
      </div>
      <ConfirmPopup
        open={open}
        title="Delete your account?"
        text="Your account will be deleted for good and you will be signed out on every device. This cannot be undone."
        confirmText="Delete account"
        danger
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}
