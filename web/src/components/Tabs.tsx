// Tabs with the WAI-ARIA pattern: arrow keys move between tabs, only the active panel renders.
import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import './Tabs.css';

export type Tab = { id: string; label: ReactNode; content: ReactNode };

export type TabsProps = {
  tabs: Tab[];
  /** Controlled active tab (e.g. from the URL); otherwise the first tab starts active. */
  value?: string;
  onChange?: (id: string) => void;
  label?: string;
};

export function Tabs({ tabs, value, onChange, label }: TabsProps) {
  const base = useId();
  const [own, setOwn] = useState(tabs[0]?.id);
  const active = value ?? own;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (id: string) => {
    setOwn(id);
    onChange?.(id);
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + tabs.length) % tabs.length;
    select(tabs[next].id);
    buttons.current[next]?.focus();
  };
  const current = tabs.find((tab) => tab.id === active) ?? tabs[0];

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={tab.id === current?.id}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={tab.id === current?.id ? 0 : -1}
            className="tabs__tab"
            onClick={() => select(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div role="tabpanel" id={`${base}-panel-${current.id}`} aria-labelledby={`${base}-tab-${current.id}`} className="tabs__panel">
          {current.content}
        </div>
      )}
    </div>
  );
}
