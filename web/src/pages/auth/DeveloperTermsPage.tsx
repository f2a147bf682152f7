// /developer/terms (spec 003 "Developer terms of service page"): static terms, linked from
// the developer join checkbox. The opening clauses' detail is not in the spec, so they
// are written plainly here around the figures the spec gives.
import { Link } from 'react-router';
import { BrandMark } from '../../layouts/BrandMark';
import { useBrand } from '../../layouts/use-brand';
import { DEVELOPER_TERMS as T } from './developer-terms';
import './auth-pages.css';

export default function DeveloperTermsPage() {
  const brand = useBrand();
  return (
    <article className="terms-page">
      <Link to="/developer/join">
        <BrandMark suffix="Developers" />
      </Link>
      <h1>{brand} Developer Terms of Service</h1>
      <p className="terms-page__updated">Last updated {T.lastUpdated}</p>
      <p>
        These terms govern your participation in the {brand} Developer Platform: building apps, publishing them in the {brand} app
        marketplace and using the {brand} API and SDK. By ticking the checkbox on the developer signup page you accept them on behalf
        of yourself or the organisation you represent.
      </p>

      <h2>1. Accounts and administrators</h2>
      <p>
        The first user of a developer account is its Administrator. The Administrator controls the account, its apps and its users,
        and may grant administrator rights to other users. You are responsible for everything done under your account.
      </p>

      <h2>2. App marketplace</h2>
      <p>
        Apps you publish are listed in the {brand} app marketplace, where site owners can discover and install them. {brand} may review
        apps before and after publication and may decline or remove an app that breaks these terms. When an app is removed or you
        stop offering it, you will keep it working for existing customers for up to {T.sunsetDays} days (the sunset period), and{' '}
        {brand} will remove it from the marketplace within {T.appRemovalDays} days of termination.
      </p>

      <h2>3. API and SDK</h2>
      <p>
        You may use the API and SDK only to build and run your apps, within the documented limits and scopes. Do not try to get around
        rate limits, access data your app was not granted, or reverse-engineer the platform.
      </p>

      <h2>4. Data protection</h2>
      <p>
        You process end-user data only to provide your app, as the permissions the end user approved allow, and in line with applicable
        data protection law. When an end user or site owner asks, or when they uninstall your app, you delete their data within{' '}
        {T.dataDeletionDays} days. You tell {brand} of any security incident affecting end-user data within {T.incidentNoticeHours} hours of
        becoming aware of it.
      </p>

      <h2>5. Support</h2>
      <p>
        You provide support for your apps and answer support requests within {T.supportResponseBusinessDays} business days. Your support
        and emergency contact details must be kept up to date in your developer profile.
      </p>

      <h2>6. Trial and pre-released services</h2>
      <p>
        Beta, preview and trial features are provided as-is, may change or stop at any time, and {brand}&apos;s total liability for them is
        limited to US${T.trialLiabilityCapUsd}.
      </p>

      <h2>7. Third-party software</h2>
      <p>
        Your app may rely on third-party software and services under their own licences. You are responsible for complying with those
        licences and for the third-party components you include.
      </p>

      <h2>8. Payments</h2>
      <p>
        Net revenue from your app&apos;s plans is shared {T.developerSharePercent}% to you and {T.providerSharePercent}% to {brand}. Payouts are
        made monthly, within {T.payoutDaysAfterMonthEnd} days of the end of each month, once your {T.developerSharePercent}% of that month&apos;s
        net revenue reaches US${T.payoutThresholdUsd}; smaller amounts carry over to following months until {T.carryOverUntil}. Revenue
        reports are available within {T.reportsWithinDays} days of the end of each month.
      </p>

      <h2>9. Termination</h2>
      <p>
        Either party may end these terms with {T.terminationNoticeDays} days&apos; written notice. Either party may end them sooner if the other
        materially breaches them and does not cure the breach within {T.curePeriodDays} days of being told about it.
      </p>

      <h2>10. Confidentiality</h2>
      <p>
        Each party keeps the other&apos;s confidential information secret and uses it only for the purposes of these terms, for{' '}
        {T.confidentialityYears} years after it was disclosed.
      </p>

      <h2>11. Warranty</h2>
      <p>
        The platform is provided &quot;as is&quot;. {brand} makes no warranty that it will be uninterrupted or error-free, to the extent the law
        allows.
      </p>

      <h2>12. Liability</h2>
      <p>
        Neither party is liable for indirect or consequential losses. Otherwise, {brand}&apos;s total liability is limited to the fees you paid
        to {brand} in the {T.liabilityFeesMonths} months before the claim.
      </p>

      <h2>13. Indemnity</h2>
      <p>
        You will defend and indemnify {brand} against claims arising from your apps, your breach of these terms or your violation of
        law or third-party rights.
      </p>

      <h2>14. General</h2>
      <p>
        These terms are the whole agreement about the Developer Platform. If a clause is unenforceable, the rest remain in force.
        Notices are given in writing; a notice sent by mail is deemed received {T.mailedNoticeBusinessDays} business days after mailing.
      </p>
    </article>
  );
}
