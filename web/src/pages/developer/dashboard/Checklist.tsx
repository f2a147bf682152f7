import { Link } from 'react-router';
import type { ChecklistStep } from '../lib/checklist';
import { appPath } from '../shell/menu';
import { Placeholder } from '../../../components/Placeholder';

/** `pending`: what the steps depend on has not loaded, so which are done is not known yet. */
export function Checklist({ appId, steps, pending = false }: { appId: string; steps: ReadonlyArray<ChecklistStep>; pending?: boolean }) {
  // Until then no step reads done: a tick shown too early would be as wrong as a missing one.
  const isDone = (step: ChecklistStep) => !pending && step.done;
  const done = steps.filter(isDone).length;
  return (
    <section className="dp-card" aria-label="How to Start">
      <div className="dp-row" style={{ justifyContent: 'space-between' }}>
        <h2>How to Start</h2>
        <span className="dp-muted" data-testid="checklist-done">{pending ? <Placeholder width="6em" /> : `${done} of ${steps.length} done`}</span>
      </div>
      <ol className="dp-checklist">
        {steps.map((step, i) => (
          <li key={step.key} className={`dp-check${isDone(step) ? ' done' : ''}`} data-step={step.key} data-done={pending ? undefined : step.done}>
            <span className="dp-check-dot" aria-label={isDone(step) ? 'Done' : `Step ${i + 1}`}>{isDone(step) ? '✓' : i + 1}</span>
            <strong>{step.title}</strong>
            <span className="dp-muted">{step.description}</span>
            {step.page
              ? <Link className="dp-btn small" to={appPath(appId, step.page)}>Open</Link>
              : <a className="dp-btn small" href={step.href} target="_blank" rel="noreferrer">Open ↗</a>}
          </li>
        ))}
      </ol>
    </section>
  );
}
