// /user/dashboard and its sub-pages: the signed-in shell around them.
import { RequireSession } from '../../layouts/RequireSession';
import { UserShell } from '../../layouts/UserShell';

export default function UserDashboard() {
  return <RequireSession>{(user) => <UserShell user={user} />}</RequireSession>;
}
