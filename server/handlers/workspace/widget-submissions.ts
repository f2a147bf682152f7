import type {
  CreateWidgetSubmissionData,
  CreateWidgetSubmissionResponse,
  DeleteWidgetSubmissionData,
  DeleteWidgetSubmissionResponse,
  ExportWidgetSubmissionsData,
  ListWidgetSubmissionsData,
  ListWidgetSubmissionsResponse,
} from '../../../generated/client/types.gen';
import { addressKey } from '../../http/client-address';
import { handler, noRawReply, requireUserId } from '../../http/handler';
import { pageHost } from '../../services/widget-analytics/page-host';
import { exportSubmissions } from '../../services/widget-submissions/export-csv';
import { SUBMISSION_MESSAGES } from '../../services/widget-submissions/model';
import { deleteSubmission, listSubmissions } from '../../services/widget-submissions/owner-calls';
import { receiveSubmission } from '../../services/widget-submissions/receive';

export const createWidgetSubmission = handler<CreateWidgetSubmissionData, CreateWidgetSubmissionResponse>(async ({ ctx, req, path, body }) => {
  await receiveSubmission({
    ctx,
    guid: path.guid,
    input: body,
    address: addressKey(req.ip ?? ''),
    pageHost: pageHost({ origin: req.get('origin'), referer: req.get('referer') }),
    serverHost: req.host,
    referer: req.get('referer'),
  });
  return { data: { received: true }, message: SUBMISSION_MESSAGES.received, status: 201 };
});

export const listWidgetSubmissions = handler<ListWidgetSubmissionsData, ListWidgetSubmissionsResponse>(async ({ ctx, req, path, query }) => ({
  data: await listSubmissions({ ctx, userId: requireUserId(req), guid: path.id, page: query?.page ?? 1, limit: query?.limit ?? 20 }),
}));

export const deleteWidgetSubmission = handler<DeleteWidgetSubmissionData, DeleteWidgetSubmissionResponse>(async ({ ctx, req, path }) => {
  await deleteSubmission({ ctx, userId: requireUserId(req), guid: path.id, submissionId: path.submissionId });
  return { data: { received: true }, message: SUBMISSION_MESSAGES.deleted };
});

export const exportWidgetSubmissions = handler<ExportWidgetSubmissionsData>(async ({ ctx, req, res, path }) => {
  const { name, csv } = await exportSubmissions({ ctx, userId: requireUserId(req), guid: path.id });
  const file = `${name.replace(/[^\w .-]+/g, '').trim() || 'widget'}-submissions.csv`;
  res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${file}"`, 'Cache-Control': 'no-store' });
  res.send(csv);
  return noRawReply;
});
