// /dev/mail: the development mailbox (GET /api/dev/mail), so a new user can click the
// confirmation link without an SMTP server. The server answers 404 in production.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { listDevMailOptions, useClearDevMailMutation } from '../../../../generated/client/@tanstack/react-query.gen';
import type { DevMail } from '../../../../generated/client/types.gen';
import { toFormFailure } from '../../../../forms/server-errors';
import { BrandMark } from '../../layouts/BrandMark';
import './mail-page.css';

const REFRESH_MS = 3000;

function MailItem({ mail }: { mail: DevMail }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="dev-mail">
      <div className="dev-mail__head">
        <div>
          <strong className="dev-mail__subject">{mail.subject}</strong>
          <span className="dev-mail__meta">
            to {mail.to} · {new Date(mail.created).toLocaleString()}
          </span>
        </div>
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Show'} message
        </button>
      </div>
      {mail.links.length > 0 ? (
        <ul className="dev-mail__links">
          {mail.links.map((link) => (
            <li key={link}>
              <a href={link}>{link}</a>
            </li>
          ))}
        </ul>
      ) : null}
      {open ? <pre className="dev-mail__text">{mail.text}</pre> : null}
    </li>
  );
}

export default function MailPage() {
  const queryClient = useQueryClient();
  const mails = useQuery({ ...listDevMailOptions(), refetchInterval: REFRESH_MS });
  const clear = useClearDevMailMutation({ onSuccess: () => void queryClient.invalidateQueries() });
  const docs = mails.data?.data.docs ?? [];

  return (
    <main className="dev-mail-page">
      <header className="dev-mail-page__header">
        <BrandMark suffix="Dev mailbox" />
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => clear.mutate({})} disabled={clear.isPending || docs.length === 0}>
          Empty mailbox
        </button>
      </header>
      <p className="muted">Mail the server would have sent. It shows here because no SMTP server is configured (SMTP_URL). Not available in production. On the server's own machine you see all mail; from anywhere else, only the mail sent to the account you are signed in to.</p>
      {mails.isError ? <p className="dev-mail-page__error" role="alert">{toFormFailure(mails.error).message}</p> : null}
      {mails.isSuccess && docs.length === 0 ? <p className="dev-mail-page__empty">No mail yet.</p> : null}
      <ul className="dev-mail-page__list">
        {docs.map((mail) => (
          <MailItem key={mail._id} mail={mail} />
        ))}
      </ul>
    </main>
  );
}
