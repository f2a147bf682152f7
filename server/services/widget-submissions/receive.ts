// A visitor's post of a form widget (POST /api/v1/embed/widget/{guid}/submissions): limits, the
// honeypot, the values checked by the saved fields, stored with the page and a hash of the
// address, then mailed to the owner.
import { randomUUID } from 'node:crypto';
import type { WidgetSubmissionInput } from '../../../generated/client/types.gen';
import type { AppContext } from '../../context';
import type { AddressKey } from '../../http/client-address';
import { ForbiddenError, NotFoundError } from '../../http/errors';
import { WORKSPACE_MESSAGES } from '../../../rules/workspace-roles';
import { hostAccepted } from '../widget-analytics/page-host';
import { OTHER_SITE_MESSAGE } from '../widget-embed/embed-widget';
import { publishedSettingsOf } from '../widget-embed/settings-schemas';
import { siteDomainsOf } from '../widget-embed/site-domains';
import { widgets } from '../workspace/model';
import { checkValues } from './check-values';
import { formRulesOf } from './form-fields';
import { addressLimit, widgetLimit } from './limits';
import { submissions, SUBMISSION_MESSAGES } from './model';
import type { SubmissionDoc } from './model';
import { mailOwner } from './owner-mail';

const MAX_PAGE = 2000;

/** Only a web page's address is kept as the page (the body's, else the Referer). */
const pageOf = (page: string | undefined): string | undefined => (page && /^https?:\/\//i.test(page) ? page.slice(0, MAX_PAGE) : undefined);

export async function receiveSubmission({
  ctx,
  guid,
  input,
  address,
  pageHost,
  serverHost,
  referer,
}: {
  ctx: AppContext;
  guid: string;
  input: WidgetSubmissionInput;
  address: AddressKey;
  pageHost: string | undefined;
  serverHost: string;
  referer: string | undefined;
}): Promise<void> {
  const widget = await widgets(ctx).findOne({ _id: guid });
  if (!widget) throw new NotFoundError(WORKSPACE_MESSAGES.widgetNotFound);
  const rules = formRulesOf({ type: widget.type, settings: publishedSettingsOf({ type: widget.type, settings: widget.settings }) });
  if (!rules) throw new NotFoundError(SUBMISSION_MESSAGES.notAForm);
  if (!hostAccepted({ host: pageHost, domains: await siteDomainsOf({ ctx, widget }), serverHost })) throw new ForbiddenError(OTHER_SITE_MESSAGE);
  await addressLimit({ ctx, address });
  // A bot that filled the hidden input is answered as anyone else and learns nothing.
  if (input.company) return;
  const values = checkValues({ rules, values: input.values, consent: input.consent });
  await widgetLimit({ ctx, widgetId: widget._id });
  const id = randomUUID();
  const page = pageOf(input.page) ?? pageOf(referer);
  const doc: SubmissionDoc = {
    _id: id,
    id,
    widgetId: widget._id,
    values,
    ...(input.consent !== undefined ? { consent: input.consent } : {}),
    ...(page ? { page } : {}),
    ipHash: address,
    createdAt: ctx.now().toISOString(),
  };
  await submissions(ctx).insertOne(doc);
  await mailOwner({ ctx, widget, submission: doc });
}
