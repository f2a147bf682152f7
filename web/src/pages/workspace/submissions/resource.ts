// A form widget's submissions as a resource (docs/resource-screens.md): the columns and their
// formats come from the WidgetSubmission schema and its x-ui hints (the values as
// "Label: value; ..."); newest first as the server answers, paged, each deletable.
import { deleteWidgetSubmission, listWidgetSubmissions } from '../../../../../generated/client/sdk.gen';
import { listWidgetSubmissionsQueryKey } from '../../../../../generated/client/@tanstack/react-query.gen';
import { WidgetSubmissionSchema } from '../../../../../generated/schemas/WidgetSubmission';
import { defineResource } from '../../../../../forms/resource/description';
import { formatDateTime } from '../../../../../rules/format-date';
import { SUBMISSION_TEXTS } from './texts';

export const SUBMISSIONS_PAGE_SIZE = 20;

export const widgetSubmissions = ({ widgetName }: { widgetName: string }) =>
  defineResource({
    schema: WidgetSubmissionSchema,
    idParam: 'submissionId',
    // The call takes page and limit only, and sorts newest first itself.
    list: { operationId: 'listWidgetSubmissions', call: listWidgetSubmissions, queryKey: listWidgetSubmissionsQueryKey, serverQuery: false },
    delete: { operationId: 'deleteWidgetSubmission', call: deleteWidgetSubmission },
    rowActions: [{ id: 'delete', label: 'Delete', danger: true }],
    rowName: (row) => `submission of ${formatDateTime(row.createdAt)}`,
    pageSize: SUBMISSIONS_PAGE_SIZE,
    texts: {
      title: SUBMISSION_TEXTS.title(widgetName),
      subtitle: { one: '{n} Submission', other: '{n} Submissions' },
      empty: SUBMISSION_TEXTS.empty,
      deleteTitle: SUBMISSION_TEXTS.deleteTitle,
      deleteText: SUBMISSION_TEXTS.deleteText,
      deleted: SUBMISSION_TEXTS.deleted,
      failure: SUBMISSION_TEXTS.failure,
    },
  });

/** The export call's address, a plain link: the browser sends the session and saves the file under its Content-Disposition name. */
export const exportPath = (guid: string): string => `/api/v1/plugin/${encodeURIComponent(guid)}/submissions/export`;

/** The name a download falls back to where the header's is not read: the server's own shape. */
export const exportFileName = (widgetName: string): string => `${widgetName.replace(/[^\w .-]+/g, '').trim() || 'widget'}-submissions.csv`;
