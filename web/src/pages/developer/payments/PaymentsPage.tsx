// Payments (spec 001 section 2): one page per tab, each at /payments/{tab}; an unknown tab
// falls back to plans. Features and coupons are resource lists, which bring AG Grid: those tabs
// load on their own.
import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import { Navigate, NavLink, useParams } from 'react-router';
import { appPath } from '../shell/menu';
import { PageHead } from '../ui/PageHead';
import { Loading } from '../../../components/Loading';
import { PAYMENT_TABS, paymentTabOf } from './tabs';
import type { PaymentTab } from './tabs';
import { PlansTab } from './plans/PlansTab';
import { SettingsTab } from './SettingsTab';
import './payments.css';

const FeaturesTab = lazy(async () => ({ default: (await import('./features/FeaturesTab')).FeaturesTab }));
const CouponsTab = lazy(async () => ({ default: (await import('./coupons/CouponsTab')).CouponsTab }));

const CONTENT: Record<PaymentTab, ComponentType<{ appId: string }>> = {
  plans: PlansTab,
  features: FeaturesTab,
  coupons: CouponsTab,
  settings: SettingsTab,
};

export default function PaymentsPage() {
  const { appId = '', tab: slug } = useParams();
  const tab = paymentTabOf(slug);
  if (!tab) return <Navigate to={appPath(appId, 'payments', 'plans')} replace />;
  const Content = CONTENT[tab];
  return (
    <div className="dp-stack">
      <PageHead title="Payments" text="Plans, the features they carry, coupons, and where buyers land after checkout." />
      <nav className="dp-tabs" aria-label="Payments">
        {PAYMENT_TABS.map((t) => (
          <NavLink key={t.slug} to={appPath(appId, 'payments', t.slug)} className={t.slug === tab ? 'active' : ''}>{t.label}</NavLink>
        ))}
      </nav>
      <Suspense fallback={<Loading active />}>
        <Content appId={appId} />
      </Suspense>
    </div>
  );
}
