import type { Response } from 'express';
import type {
  AnswerThreeDSecureData,
  AnswerThreeDSecureResponse,
  GetCardTokenData,
  GetCardTokenResponse,
  GetPayPalTokenData,
  GetPayPalTokenResponse,
  VaultHostedCardData,
  VaultHostedCardResponse,
} from '../../../generated/client/types.gen';
import { NotFoundError } from '../../http/errors';
import { handler, noRawReply, requireUserId } from '../../http/handler';
import type { Reply } from '../../http/handler';
import { CardFieldError, PAYPAL_UNAVAILABLE, issueHostedFieldsToken, issuePayPalToken, vaultHostedCard as vault } from '../../services/billing/providers/card-fields';
import { answerThreeDSecure as answer } from '../../services/billing/providers/sandbox/sandbox';
import { requestIdOf } from '../../observability/request-id';

/** Section 7's failure shape: `data[0].msg` (and `code`), which the card fields and checkout read. */
async function orCardError<T>({ res, status, run }: { res: Response; status: number; run: () => Promise<Reply<T>> }): Promise<Reply<T | null>> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof CardFieldError)) throw err;
    res.status(status).json({ success: false, data: [{ code: err.code, msg: err.message }], message: err.message, requestId: requestIdOf(res) });
    return noRawReply;
  }
}

/** A refusal is written by orCardError itself (raw reply, no data). */
type OrRaw<R> = R | { data: null };

export const getCardToken = handler<GetCardTokenData, OrRaw<GetCardTokenResponse>>(({ ctx, req, res }) =>
  orCardError({ res, status: 502, run: async () => ({ data: await issueHostedFieldsToken({ ctx, userId: requireUserId(req) }) }) }),
);

export const getPayPalToken = handler<GetPayPalTokenData, OrRaw<GetPayPalTokenResponse>>(({ ctx, req, res }) =>
  orCardError({
    res,
    status: 502,
    run: async () => {
      const approval = await issuePayPalToken({ ctx, userId: requireUserId(req) });
      if (!approval) throw new NotFoundError(PAYPAL_UNAVAILABLE);
      return { data: approval };
    },
  }),
);

export const vaultHostedCard = handler<VaultHostedCardData, OrRaw<VaultHostedCardResponse>>(({ ctx, res, path, body }) =>
  orCardError({ res, status: 422, run: async () => ({ data: await vault({ ctx, token: path.token, fields: body }), message: 'Card saved' }) }),
);

export const answerThreeDSecure = handler<AnswerThreeDSecureData, AnswerThreeDSecureResponse>(async ({ ctx, path, body }) => {
  if (!(await answer({ ctx, transactionId: path.transactionId, authenticated: body.authenticated }))) throw new NotFoundError('Transaction not found');
  return { data: null, message: body.authenticated ? 'Authenticated' : 'Authentication failed' };
});
