// /developer/apps/{appId}/users (spec 001 section 2): the people who installed the app.
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ResourceList } from '../../../components/resource/ResourceList';
import { appPath } from '../shell/menu';
import { appUsers } from './resources';

// On a phone the name column is narrow: the name wraps onto a second line rather than reading "Demo Stor…".
const COLUMN_SIZES = { accountName: { wrapText: true } };

export default function UsersPage() {
  const { appId = '' } = useParams();
  const navigate = useNavigate();
  const path = useMemo(() => ({ appId }), [appId]);
  const open = (user: { id: string }) => navigate(appPath(appId, 'users', `user/${encodeURIComponent(user.id)}`));
  return <ResourceList description={appUsers} path={path} page onRowClick={open} onAction={(_action, user) => open(user)} columnSizes={COLUMN_SIZES} />;
}
