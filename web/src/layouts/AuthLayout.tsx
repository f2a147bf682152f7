// Frame of every public auth page: the form column and, outside embeds, a side panel
// with the illustration and rotating testimonials. Embedded pages report their height.
import type { ReactNode } from 'react';
import { BrandMark } from './BrandMark';
import { SideIllustration } from './SideIllustration';
import { Testimonials } from './Testimonials';
import { useAuthVariant } from './auth-variant';
import { useFrameHeight } from './embed-frame';
import { useBrand } from './use-brand';
import './auth-layout.css';

interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "Don't have an account? Sign up"). */
  footer?: ReactNode;
}

export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  const { embed, developer } = useAuthVariant();
  const brand = useBrand();
  useFrameHeight(embed);

  const main = (
    <main className="auth-main">
      {embed ? null : (
        <header className="auth-main__brand">
          <BrandMark suffix={developer ? 'Developers' : undefined} />
        </header>
      )}
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        {children}
      </section>
      {footer ? <footer className="auth-main__footer">{footer}</footer> : null}
    </main>
  );

  if (embed) return <div className="auth-page auth-page--embed">{main}</div>;
  return (
    <div className="auth-page">
      {main}
      <aside className="auth-side" aria-label={`Why ${brand}`}>
        <div className="auth-side__inner">
          <SideIllustration />
          <Testimonials brand={brand} />
        </div>
      </aside>
    </div>
  );
}
