// The "Add to site" popup's guides: one tab per site builder (the WAI-ARIA tabs of
// components/Tabs), each with its numbered steps and the installation code to copy.
import { CopyField } from '../../../../../forms/components/CopyField';
import { Tabs } from '../../../components/Tabs';
import { INSTALL_GUIDES, INSTALL_TEXTS } from './install-guides';

export function InstallGuides({ snippet }: { snippet: string }) {
  const tabs = INSTALL_GUIDES.map((guide) => ({
    id: guide.id,
    label: guide.name,
    content: (
      <div className="install-guide">
        <ol className="install-guide__steps">
          {guide.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        {guide.note && <p className="muted">{guide.note}</p>}
        <CopyField value={snippet} label={`Installation code for ${guide.name}`} copyText="Copy code" />
      </div>
    ),
  }));
  return (
    <section className="install-guides">
      <h3 className="widget-code__label">{INSTALL_TEXTS.guidesTitle}</h3>
      <Tabs tabs={tabs} label={INSTALL_TEXTS.guidesLabel} />
    </section>
  );
}
