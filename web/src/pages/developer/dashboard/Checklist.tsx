import { Link } from 'react-router';
import type { ChecklistStep } from '../lib/checklist';
import { appPath } from '../shell/menu';

export function Checklist({ appId, steps }: { appId: string; steps: ReadonlyArray<ChecklistStep> }) {
  const done = steps.filter((s) => s.done).length;
  return (
    <section className="dp-card" aria-label="How to Start">
      <div className="dp-row" style={{ justifyContent: 'space-between' }}>
        <h2>How to Start</h2>
        <span className="dp-muted">{done} of {steps.length} done</span>
      </div>
      <ol className="dp-checklist">
        {steps.map((step, i) => (
          <li key={step.key} className={`dp-check${step.done ? ' done' : ''}`} data-step={step.key} data-done={step.done}>
            <span className="dp-check-dot" aria-label={step.done ? 'Done' : `Step ${i + 1}`}>{step.done ? '✓' : i + 1}</span>
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
