// The payments tabs (spec 001 section 2): /payments/{plans|features|coupons|settings}.

export const PAYMENT_TABS = [
  { slug: 'plans', label: 'Plans' },
  { slug: 'features', label: 'Features' },
  { slug: 'coupons', label: 'Coupons' },
  { slug: 'settings', label: 'Settings' },
] as const;

export type PaymentTab = (typeof PAYMENT_TABS)[number]['slug'];

export const paymentTabOf = (slug?: string): PaymentTab | undefined => PAYMENT_TABS.find((t) => t.slug === slug)?.slug;
