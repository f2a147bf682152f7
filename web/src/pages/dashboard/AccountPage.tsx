// /user/dashboard/account (spec 003 "Account"): tabs Profile, API Access, Change Password,
// and Security, where two-factor authentication is turned on and off.
import { useSearchParams } from 'react-router';
import { useSession } from '../../layouts/RequireSession';
import { ChangePasswordTab } from './account/ChangePasswordTab';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';
import { ACCOUNT_TABS as TABS } from './account-tabs';
import type { TabId } from './account-tabs';
import './dashboard.css';

const isTab = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

export default function AccountPage() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'profile';
  const { data } = useSession();
  const user = data?.data;
  if (!user) return null;

  return (
    <section>
      <header className="page-header">
        <h1>Account</h1>
        <p>Your profile, sign-in and security settings.</p>
      </header>
      <div className="tabs" role="tablist" aria-label="Account">
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`panel-${id}`}
            className="tabs__tab"
            onClick={() => setSearch({ tab: id }, { replace: true })}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="account-panel">
        {tab === 'profile' ? <ProfileTab user={user} /> : null}
        {tab === 'api' ? (
          <div className="card">
            <h2>API Access</h2>
            <p className="muted">
              Your account has no associated API key. To build on the platform, see the <a href="/docs">API documentation</a>.
            </p>
          </div>
        ) : null}
        {tab === 'password' ? <ChangePasswordTab user={user} /> : null}
        {tab === 'security' ? <SecurityTab user={user} /> : null}
      </div>
    </section>
  );
}
