// A form widget's submissions (issue 38: contact form, email capture) at
// /user/dashboard/submissions/{guid}, in the dashboard's shell like the widget's analytics: the
// ResourceList of the WidgetSubmission schema, an Export CSV link, the empty state with the way to
// install the form, and the product's "not permitted" state where the server answers 403 (below
// editor rank: the values are visitors' personal data).
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { getWidget, listWidgetSubmissions } from '../../../../../generated/client/sdk.gen';
import { getWidgetQueryKey, listWidgetSubmissionsQueryKey } from '../../../../../generated/client/@tanstack/react-query.gen';
import type { Widget } from '../../../../../generated/client/types.gen';
import { callApi } from '../../../../../forms/call-api';
import { ApiError } from '../../../../../forms/server-errors';
import { FORM_TYPES } from '../../../../../rules/widget-submissions';
import { EmptyState } from '../../../components/EmptyState';
import { Loading } from '../../../components/Loading';
import { ResourceList } from '../../../components/resource/ResourceList';
import { NotPermitted } from '../projects/NotPermitted';
import { AddToSitePopup } from '../widgets/AddToSitePopup';
import { exportFileName, exportPath, widgetSubmissions } from './resource';
import { SUBMISSION_TEXTS } from './texts';
import './submissions.css';

const statusOf = (error: unknown): number | undefined => (error instanceof ApiError ? error.status : undefined);

function ExportLink({ widget }: { widget: Widget }) {
  return (
    <a className="btn btn-secondary btn-sm" href={exportPath(widget.guid)} download={exportFileName(widget.name)}>
      {SUBMISSION_TEXTS.exportCsv}
    </a>
  );
}

function NoSubmissions({ widget }: { widget: Widget }) {
  const [installing, setInstalling] = useState(false);
  return (
    <>
      <EmptyState
        title={SUBMISSION_TEXTS.empty}
        text={SUBMISSION_TEXTS.emptyHint}
        icon="✉"
        action={
          <button type="button" className="btn btn-primary" onClick={() => setInstalling(true)}>
            {SUBMISSION_TEXTS.addToSite}
          </button>
        }
      />
      {installing ? <AddToSitePopup widget={widget} onClose={() => setInstalling(false)} /> : null}
    </>
  );
}

function Submissions({ widget }: { widget: Widget }) {
  const path = useMemo(() => ({ id: widget.guid }), [widget.guid]);
  const description = useMemo(() => widgetSubmissions({ widgetName: widget.name }), [widget.name]);
  // One row asked first: it says whether the caller may read them (403) and whether there are any.
  // Its key is the list operation's, so a delete refreshes it with the table.
  const first = useQuery({
    queryKey: listWidgetSubmissionsQueryKey({ path, query: { page: 1, limit: 1 } }),
    queryFn: () => callApi(listWidgetSubmissions({ path, query: { page: 1, limit: 1 } })),
    retry: false,
  });
  if (first.isPending) return <Loading active label="Loading submissions" />;
  if (statusOf(first.error) === 403) return <NotPermitted />;
  if (first.error) return <p className="submissions__error" role="alert">{first.error.message || SUBMISSION_TEXTS.loadFailed}</p>;
  if (first.data.data.total === 0) {
    return (
      <>
        <h1 className="submissions__title">{description.texts.title}</h1>
        <NoSubmissions widget={widget} />
      </>
    );
  }
  return <ResourceList description={description} path={path} page toolbar={<ExportLink widget={widget} />} columnSizes={COLUMN_SIZES} stackBelow={STACK_BELOW} />;
}

/** The moment keeps its time on one line; the values take the room and wrap: a message is often longer than a line. */
const COLUMN_SIZES = { createdAt: { minWidth: 200, maxWidth: 220 }, values: { minWidth: 260, wrapText: true }, page: { minWidth: 140, maxWidth: 320, wrapText: true } };

/** On a phone each submission is a block of its values over its button: the grid left room for the date alone. */
const STACK_BELOW = 560;

function SubmissionsOf({ guid }: { guid: string }) {
  const widget = useQuery({ queryKey: getWidgetQueryKey({ path: { guid } }), queryFn: () => callApi(getWidget({ path: { guid } })), retry: false });
  if (widget.isPending) return <Loading active label="Loading submissions" />;
  if (statusOf(widget.error) === 403) return <NotPermitted />;
  if (widget.error) return <EmptyState title={SUBMISSION_TEXTS.notFound} text={SUBMISSION_TEXTS.notFoundText} />;
  if (!FORM_TYPES.has(widget.data.data.type)) return <EmptyState title={SUBMISSION_TEXTS.untitled} text={SUBMISSION_TEXTS.notAForm} />;
  return <Submissions widget={widget.data.data} />;
}

export default function SubmissionsPage() {
  const { componentId = '' } = useParams();
  return (
    <div className="submissions">
      <Link to="/dashboard" className="btn btn-ghost btn-sm submissions__back">
        {SUBMISSION_TEXTS.back}
      </Link>
      <SubmissionsOf key={componentId} guid={componentId} />
    </div>
  );
}
