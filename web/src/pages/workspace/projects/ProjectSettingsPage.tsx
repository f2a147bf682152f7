// Project settings (spec 003 "Project settings page"): the ProjectInput form (name, domain,
// thumbnail of 3 MB, and whatever else the document declares), filled from the project as read
// and sent as the form holds it, and the danger zone where the owner deletes the project.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { deleteProject, updateProject } from '../../../../../generated/client/sdk.gen';
import type { Project, ProjectInput } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { SchemaForm } from '../../../../../forms/SchemaForm';
import { formValuesOf } from '../../../../../forms/resource/form-hints';
import { schemaOf } from '../../../../../forms/schemas';
import { ConfirmPopup } from '../../../components/ConfirmPopup';
import { Loading } from '../../../components/Loading';
import { refreshOperations } from '../../../components/resource/use-resource';
import { NotPermitted } from './NotPermitted';
import { PROJECT_TEXTS, PROJECTS_PATH } from './plan-limit';
import { useProject } from './use-project';
import './projects.css';
import { ProjectInputSchema } from '../../../../../generated/schemas/ProjectInput';

function DangerZone({ project }: { project: Project }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const confirm = async (): Promise<void> => {
    try {
      const answer = await callApi(deleteProject({ path: { projectId: project.projectId } }));
      await refreshOperations(client, ['listProjects']);
      toast.success(answer.message);
      void navigate(PROJECTS_PATH, { replace: true });
    } catch (thrown) {
      toast.error(PROJECT_TEXTS.failure);
      throw thrown;
    }
  };
  return (
    <div className="card account-danger">
      <h2>Danger zone</h2>
      <p className="muted">Delete this project with its widgets and collaborators. This cannot be undone.</p>
      <div>
        <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
          Delete project
        </button>
      </div>
      <ConfirmPopup
        open={open}
        title={`Delete ${project.name}?`}
        text="The project, its widgets and every collaborator's access will be deleted. This cannot be undone."
        confirmText="Delete project"
        danger
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}

export default function ProjectSettingsPage() {
  const { projectId, project, may, query } = useProject();
  const client = useQueryClient();
  useEffect(() => {
    if (query.isError) toast.error(PROJECT_TEXTS.settingsLoadFailed);
  }, [query.isError]);

  const save = async (values: ProjectInput) => {
    const answer = await callApi(updateProject({ path: { projectId }, body: values }));
    await refreshOperations(client, ['getProject', 'listProjects']);
    return answer;
  };

  return (
    <section className="project-settings">
      <header className="page-header">
        <h1>Project settings</h1>
      </header>
      <Loading active={query.isPending}>
        {project && !may('editProjectSettings') ? <NotPermitted /> : null}
        {project && may('editProjectSettings') ? (
          <>
            <div className="card">
              <SchemaForm<ProjectInput>
                key={project.projectId}
                entry={ProjectInputSchema}
                formData={formValuesOf<ProjectInput>({ schema: schemaOf(ProjectInputSchema), record: project })}
                submitText="Save"
                toasts={{ success: ({ message }) => message, error: PROJECT_TEXTS.failure }}
                onSubmit={save}
              />
            </div>
            {may('deleteProject') ? <DangerZone project={project} /> : null}
          </>
        ) : null}
      </Loading>
    </section>
  );
}
