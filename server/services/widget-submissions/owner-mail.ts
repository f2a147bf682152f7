// The mail to a form widget's owner per stored submission, through the outbox (sendMail): the
// request only inserts it, and the mail worker delivers it when SMTP is configured.
import type { AppContext } from '../../context';
import { users } from '../accounts/users';
import { sendMail } from '../mail/send-mail';
import { actionMail, appUrl } from '../mail/templates';
import type { WidgetDoc } from '../workspace/model';
import type { SubmissionDoc } from './model';
import { submissionsPath } from '../../../rules/widget-submissions';


const shown = (value: string | boolean): string => (typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value);

export async function mailOwner({ ctx, widget, submission }: { ctx: AppContext; widget: WidgetDoc; submission: SubmissionDoc }): Promise<void> {
  const owner = await users(ctx).findOne({ _id: widget.ownerId });
  if (!owner) return;
  const lines = Object.entries(submission.values).map(([label, value]) => `${label}: ${shown(value)}`);
  await sendMail({
    ctx,
    to: owner.email,
    ...actionMail({
      ctx,
      subject: `New submission to ${widget.name}`,
      paragraphs: [`Someone sent your form "${widget.name}"${submission.page ? ` on ${submission.page}` : ''}:`, ...lines],
      action: { label: 'See all submissions', link: appUrl({ ctx, path: submissionsPath(widget._id) }) },
    }),
  });
}
