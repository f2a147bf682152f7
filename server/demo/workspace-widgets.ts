// Demo widgets of the demo site owner: some in each of their projects (one over their plan's
// monthly views, shown in red with "Please Upgrade"), some uncategorized, the demo developer as
// an active collaborator and a pending invitation, and a widget of the demo developer shared
// with the owner so Shared Widgets has a row; the free demo account's widget is over the free
// plan's 300 views. Idempotent: a widget or permission that exists is left as it is.
import type { AppContext } from '../context';
import { findUserByEmail } from '../services/accounts/users';
import { widgetPermissions, widgets } from '../services/workspace/model';
import type { WidgetPermissionDoc } from '../services/workspace/model';
import { DEMO_DEVELOPER, DEMO_FREE_OWNER, DEMO_OWNER } from './accounts';
import { DEMO_PROJECTS } from './workspace-projects';

interface DemoWidget {
  _id: string;
  ownerEmail: string;
  projectId: string | null;
  name: string;
  type: string;
  views: number;
}

// Over the demo owner's plan (All-in-One Pro, 100,000 views a month: server/demo/billing.ts) and
// the free plan's too, so the list shows 'Please Upgrade' whichever demo areas are seeded.
const OVER_LIMIT_VIEWS = 123_456;
/** Over the free plan's 300 views a month. */
const OVER_FREE_VIEWS = 450;

/** Exported so tests read what the demo holds rather than repeating its counts. */
export const WIDGETS: DemoWidget[] = [
  { _id: 'demo-widget-launch-countdown', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.marketing._id, name: 'Launch countdown', type: 'countdown', views: OVER_LIMIT_VIEWS },
  { _id: 'demo-widget-faq', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.marketing._id, name: 'Pricing FAQ', type: 'faq', views: 212 },
  { _id: 'demo-widget-testimonials', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.marketing._id, name: 'Customer testimonials', type: 'testimonials', views: 87 },
  { _id: 'demo-widget-poll', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.marketing._id, name: 'Feature poll', type: 'poll', views: 5 },
  { _id: 'demo-widget-pricing-table', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.marketing._id, name: 'Pricing plans', type: 'pricing-table', views: 64 },
  { _id: 'demo-widget-store-announcement', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.store._id, name: 'Free shipping bar', type: 'announcement-bar', views: 9 },
  { _id: 'demo-widget-quiz', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.marketing._id, name: 'Plan finder quiz', type: 'quiz', views: 41 },
  { _id: 'demo-widget-store-slider', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.store._id, name: 'Product slider', type: 'image-slider', views: 140 },
  { _id: 'demo-widget-client-logos', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.marketing._id, name: 'Client logos', type: 'logo-showcase', views: 58 },
  { _id: 'demo-widget-about-team', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.marketing._id, name: 'About us team', type: 'team-members', views: 21 },
  { _id: 'demo-widget-store-faq', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.store._id, name: 'Shipping FAQ', type: 'faq', views: 33 },
  { _id: 'demo-widget-email-capture', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.store._id, name: 'Newsletter sign-up', type: 'email-capture', views: 21 },
  { _id: 'demo-widget-newsletter-form', ownerEmail: DEMO_OWNER.email, projectId: null, name: 'Newsletter form', type: 'contact-form', views: 0 },
  { _id: 'demo-widget-cookie-banner', ownerEmail: DEMO_OWNER.email, projectId: null, name: 'Cookie banner', type: 'cookie-banner', views: 12 },
  { _id: 'demo-widget-store-reviews', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.store._id, name: 'Customer reviews', type: 'reviews', views: 96 },
  { _id: 'demo-widget-chat-button', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.store._id, name: 'WhatsApp chat button', type: 'chat-button', views: 74 },
  { _id: 'demo-widget-video-gallery', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.marketing._id, name: 'Product videos', type: 'video-gallery', views: 38 },
  { _id: 'demo-widget-event-calendar', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.marketing._id, name: 'Workshop dates', type: 'event-calendar', views: 25 },
  { _id: 'demo-widget-before-after', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.store._id, name: 'Renovation before and after', type: 'before-after', views: 17 },
  { _id: 'demo-widget-stats-counter', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.marketing._id, name: 'Company in numbers', type: 'stats-counter', views: 29 },
  { _id: 'demo-widget-store-price-list', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.store._id, name: 'Repair service prices', type: 'price-list', views: 46 },
  { _id: 'demo-widget-store-downloads', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.store._id, name: 'Catalogue downloads', type: 'file-download', views: 19 },
  { _id: 'demo-widget-store-hours', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.store._id, name: 'Store opening hours', type: 'business-hours', views: 63 },
  { _id: 'demo-widget-social-icons', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.marketing._id, name: 'Footer social icons', type: 'social-icons', views: 34 },
  { _id: 'demo-widget-social-feed', ownerEmail: DEMO_OWNER.email, projectId: DEMO_PROJECTS.marketing._id, name: 'Community wall', type: 'social-feed', views: 41 },
  { _id: 'demo-widget-free-opening-hours', ownerEmail: DEMO_FREE_OWNER.email, projectId: DEMO_PROJECTS.bakery._id, name: 'Opening hours and holiday closures', type: 'faq', views: OVER_FREE_VIEWS },
  { _id: 'demo-widget-developer-team', ownerEmail: DEMO_DEVELOPER.email, projectId: null, name: 'Team members', type: 'team-members', views: 64 },
];

export const DEMO_WIDGET_INVITEE = 'friend@demo.nindo';

type DemoPermission = Pick<WidgetPermissionDoc, '_id' | 'widgetId' | 'role' | 'status' | 'email'> & { holderEmail?: string; inviterEmail: string };

const PERMISSIONS: DemoPermission[] = [
  { _id: 'demo-widget-permission-developer', widgetId: 'demo-widget-store-slider', role: 'editor', status: 'active', email: DEMO_DEVELOPER.email, holderEmail: DEMO_DEVELOPER.email, inviterEmail: DEMO_OWNER.email },
  { _id: 'demo-widget-permission-friend', widgetId: 'demo-widget-store-slider', role: 'viewer', status: 'pending', email: DEMO_WIDGET_INVITEE, inviterEmail: DEMO_OWNER.email },
  { _id: 'demo-widget-permission-owner', widgetId: 'demo-widget-developer-team', role: 'analyst', status: 'active', email: DEMO_OWNER.email, holderEmail: DEMO_OWNER.email, inviterEmail: DEMO_DEVELOPER.email },
];

const idOf = async ({ ctx, email }: { ctx: AppContext; email: string }): Promise<string | undefined> => (await findUserByEmail({ ctx, email }))?._id;

export async function seedWorkspaceWidgets(ctx: AppContext): Promise<string[]> {
  const now = ctx.now().toISOString();
  for (const [index, { ownerEmail, ...widget }] of WIDGETS.entries()) {
    const ownerId = await idOf({ ctx, email: ownerEmail });
    if (!ownerId || (await widgets(ctx).findOne({ _id: widget._id }))) continue;
    // An hour apart, so the lists' "last updated" order is the order above.
    const at = new Date(ctx.now().getTime() - index * 3_600_000).toISOString();
    await widgets(ctx).insertOne({ ...widget, ownerId, settings: {}, created: at, updated: at });
  }
  for (const { holderEmail, inviterEmail, ...permission } of PERMISSIONS) {
    const invitedBy = await idOf({ ctx, email: inviterEmail });
    if (!invitedBy || (await widgetPermissions(ctx).findOne({ _id: permission._id }))) continue;
    const userId = holderEmail ? await idOf({ ctx, email: holderEmail }) : undefined;
    await widgetPermissions(ctx).insertOne({ ...permission, ...(userId ? { userId } : {}), invitedBy, created: now, updated: now });
  }
  const ownedBy = (email: string) => WIDGETS.filter((widget) => widget.ownerEmail === email);
  const free = ownedBy(DEMO_FREE_OWNER.email)[0];
  return [
    `Widgets: ${ownedBy(DEMO_OWNER.email).length} of ${DEMO_OWNER.email} ("${WIDGETS[0].name}" over their plan's monthly views), ` +
      `"${WIDGETS.at(-1)?.name}" of ${DEMO_DEVELOPER.email} shared with them`,
    `Widgets: "${free?.name}" of ${DEMO_FREE_OWNER.email}, over the free plan's monthly views`,
  ];
}
