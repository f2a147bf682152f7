// The brand's logo mark and label, used on auth pages and in the sidebar.
import { useBrand } from './use-brand';
import './BrandMark.css';

export function BrandMark({ suffix }: { suffix?: string }) {
  const brand = useBrand();
  return (
    <span className="brand-mark">
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="var(--color-primary, #5b5bd6)" />
        <path d="M9 22V10l14 12V10" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="brand-mark__name">{brand}</span>
      {suffix ? <span className="brand-mark__suffix">{suffix}</span> : null}
    </span>
  );
}
