// Dashboard sections whose screens belong to later issues. Each says what will be there,
// so the shell and its navigation can be used (and tested) today.
import './dashboard.css';

function ComingSoon({ title, children }: { title: string; children: string }) {
  return (
    <section>
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      <div className="coming-soon card">
        <div className="coming-soon__art" aria-hidden="true" />
        <p>{children}</p>
      </div>
    </section>
  );
}

export const BillingPage = () => (
  <ComingSoon title="Billing">Your subscriptions and payments history, with plan changes and cancellation.</ComingSoon>
);
