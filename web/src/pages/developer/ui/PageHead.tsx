import type { ReactNode } from 'react';

export function PageHead({ title, text, children }: { title: ReactNode; text?: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {text && <p>{text}</p>}
      </div>
      {children && <div className="dp-row">{children}</div>}
    </header>
  );
}
