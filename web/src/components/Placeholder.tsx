// A grey bar where a number will be (issue 27): a card, meter or count whose query has not
// answered shows this, never a "0" it does not know yet. Screen readers hear "Loading".

export function Placeholder({ width = '3em' }: { width?: string }) {
  return (
    <span className="placeholder" style={{ width }} data-placeholder="">
      <span className="visually-hidden">Loading</span>
    </span>
  );
}

/** Shown for a figure whose query failed: unknown, which a "0" would not say. */
export const UNKNOWN = '–';

/** A figure's text: a Placeholder while `pending`, UNKNOWN if its data never came (a failed query). */
export function Figure({ pending, text, width }: { pending: boolean; text: string | undefined; width?: string }) {
  if (pending) return <Placeholder width={width} />;
  return <>{text ?? UNKNOWN}</>;
}
