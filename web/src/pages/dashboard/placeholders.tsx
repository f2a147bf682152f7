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

export const MyProjectsPage = () => (
  <ComingSoon title="My Projects">
    Your projects will appear here: an Uncategorized Widgets card, a card per project with its widget count and collaborators, and a
    tile to create a new project.
  </ComingSoon>
);

export const SharedProjectsPage = () => (
  <ComingSoon title="Shared Projects">Projects other people have shared with you will appear here once you accept an invitation.</ComingSoon>
);

export const SharedWidgetsPage = () => (
  <ComingSoon title="Shared Widgets">Widgets other people have shared with you, with search by name and type, 10 per page.</ComingSoon>
);

export const NewAppsPage = () => (
  <ComingSoon title="What's New">Newly published widget apps, each with a Try Now link that opens it in the editor.</ComingSoon>
);

export const BillingPage = () => (
  <ComingSoon title="Billing">Your subscriptions and payments history, with plan changes and cancellation.</ComingSoon>
);

export const CatalogPage = () => (
  <ComingSoon title="Widget catalog">Browse every published widget by category and tag, search by name, and add one to a project.</ComingSoon>
);
