// /user/dashboard/projects/{projectId}/permissions: who has access to the project. Admins see
// the list; adding, changing and removing users is the owner's; everyone else is told they are
// not permitted (spec 003 section 6).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProjectPermission } from '../../../../../generated/client/types.gen';
import { Loading } from '../../../components/Loading';
import { ResourceList } from '../../../components/resource/ResourceList';
import { refreshOperations } from '../../../components/resource/use-resource';
import { AddUserPopup } from './AddUserPopup';
import { NotPermitted } from './NotPermitted';
import { PERMISSION_OPERATIONS, projectPermissions } from './permissions-resource';
import { resendProjectInvite } from './resend-invite';
import { UpdatePermissionPopup } from './UpdatePermissionPopup';
import { UpgradePopup } from './UpgradePopup';
import { useProject } from './use-project';
import './projects.css';

// The address is the row's name and 'pending approval' the longest status: both kept whole.
const COLUMN_SIZES = { email: { minWidth: 240 }, status: { minWidth: 160 } };

export default function PermissionsPage() {
  const { projectId, project, may, query } = useProject();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [upgrading, setUpgrading] = useState(false);
  const [updating, setUpdating] = useState<ProjectPermission | null>(null);
  const refresh = () => refreshOperations(client, PERMISSION_OPERATIONS);
  const owner = may('addProjectUser');

  return (
    <section>
      <Loading active={query.isPending}>
        {project && !may('viewProjectPermissions') ? (
          <>
            {/* The list's own heading, kept when refused, as Project settings keeps its title. */}
            <header className="page-header">
              <h1>{projectPermissions.texts.title}</h1>
            </header>
            <NotPermitted />
          </>
        ) : null}
        {project && may('viewProjectPermissions') ? (
          <>
            <ResourceList
              description={projectPermissions}
              path={{ projectId }}
              page
              columnSizes={COLUMN_SIZES}
              toolbar={
                owner ? (
                  <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
                    Add User
                  </button>
                ) : undefined
              }
              actionShown={(action, row) => owner && (action !== 'resend' || row.status === 'pending')}
              onAction={(action, row) => (action === 'update' ? setUpdating(row) : action === 'resend' ? void resendProjectInvite({ project, permission: row }) : undefined)}
            />
            <AddUserPopup open={adding} project={project} onClose={() => setAdding(false)} onAdded={refresh} onPlanLimit={() => setUpgrading(true)} />
            <UpdatePermissionPopup projectId={projectId} permission={updating} onClose={() => setUpdating(null)} onSaved={refresh} />
            <UpgradePopup open={upgrading} what="collaborators" onClose={() => setUpgrading(false)} />
          </>
        ) : null}
      </Loading>
    </section>
  );
}
