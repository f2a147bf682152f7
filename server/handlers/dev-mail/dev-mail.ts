import type {
  ClearDevMailData,
  ClearDevMailResponse,
  GetDevMailData,
  GetDevMailResponse,
  ListDevMailData,
  ListDevMailResponse,
} from '../../../generated/client/types.gen';
import { handler } from '../../http/handler';
import { clearDevMail as clearOutbox, getDevMail as getOutboxMail, listDevMail as listOutbox } from '../../services/mail/dev-mailbox';

export const listDevMail = handler<ListDevMailData, ListDevMailResponse>(async ({ ctx, query }) => ({
  data: { docs: await listOutbox({ ctx, to: query?.to, limit: query?.limit ?? 50 }) },
}));

export const getDevMail = handler<GetDevMailData, GetDevMailResponse>(async ({ ctx, path }) => ({
  data: await getOutboxMail({ ctx, id: path.id }),
}));

export const clearDevMail = handler<ClearDevMailData, ClearDevMailResponse>(async ({ ctx }) => ({
  data: { deleted: await clearOutbox({ ctx }) },
  message: 'Mailbox emptied',
}));
