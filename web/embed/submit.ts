// Sends a form's submission (POST /api/v1/embed/widget/{guid}/submissions) as a text/plain JSON
// body: a simple request, so no CORS preflight. The page it was sent from goes with it (the
// Referer of a cross-origin fetch names the site only); in the iframe form, the framing page.
import type { Submission, SubmitAnswer } from './types';

const FAILED = 'Your message could not be sent. Please check your connection and try again.';

export async function postSubmission({ url, submission, framed }: { url: string; submission: Submission; framed: boolean }): Promise<SubmitAnswer> {
  const page = (framed ? document.referrer : location.href).slice(0, 2000);
  try {
    const answer = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ ...submission, ...(page ? { page } : {}) }) });
    if (answer.ok) return { ok: true };
    const body = (await answer.json().catch(() => ({}))) as { message?: string; fieldErrors?: Record<string, string> };
    return { ok: false, message: body.message ?? FAILED, fieldErrors: body.fieldErrors };
  } catch {
    return { ok: false, message: FAILED };
  }
}
