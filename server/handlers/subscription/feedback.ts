import type { SubmitCancellationFeedbackData, SubmitCancellationFeedbackResponse } from '../../../generated/client/types.gen';
import { handler } from '../../http/handler';
import { FEEDBACK_THANKS, submitFeedback } from '../../services/subscription/feedback';

export const submitCancellationFeedback = handler<SubmitCancellationFeedbackData, SubmitCancellationFeedbackResponse>(
  async ({ ctx, query, body }) => {
    await submitFeedback({ ctx, token: query.token, input: body });
    return { data: null, message: FEEDBACK_THANKS };
  },
);
