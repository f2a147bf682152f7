import type { Request } from 'express';
import type {
  ClearDevMailData,
  ClearDevMailResponse,
  GetDevMailData,
  GetDevMailResponse,
  ListDevMailData,
  ListDevMailResponse,
} from '../../../generated/client/types.gen';
import type { AppContext } from '../../context';
import { handler } from '../../http/handler';
import { isLoopbackRequest } from '../../http/loopback';
import { clearDevMail as clearOutbox, getDevMail as getOutboxMail, listDevMail as listOutbox, mailboxReader } from '../../services/mail/dev-mailbox';

const readerOf = ({ ctx, req }: { ctx: AppContext; req: Request }) =>
  mailboxReader({ ctx, local: isLoopbackRequest({ req, trustProxy: ctx.config.trustProxy }), userId: req.session?.userId });

export const listDevMail = handler<ListDevMailData, ListDevMailResponse>(async ({ ctx, req, query }) => ({
  data: { docs: await listOutbox({ ctx, reader: await readerOf({ ctx, req }), to: query?.to, limit: query?.limit ?? 50 }) },
}));

export const getDevMail = handler<GetDevMailData, GetDevMailResponse>(async ({ ctx, req, path }) => ({
  data: await getOutboxMail({ ctx, reader: await readerOf({ ctx, req }), id: path.id }),
}));

export const clearDevMail = handler<ClearDevMailData, ClearDevMailResponse>(async ({ ctx, req }) => ({
  data: { deleted: await clearOutbox({ ctx, reader: await readerOf({ ctx, req }) }) },
  message: 'Mailbox emptied',
}));
