// The renderer of each built-in widget type, by type (the catalog's componentType): the one list
// of types. The build reads this map as written (scripts/embed-bundle.ts) and makes each entry a
// file of its own that embed.js loads when a page shows that type, so keep each entry
// `'type': importedRenderer,` (another form fails the build). A type added here needs its
// <Type>Settings schema in openapi/ (docs/widgets.md).
import type { WidgetType } from '../types';
import { beforeAfter } from './before-after';
import { chatButton } from './chat-button';
import { eventCalendar } from './event-calendar';
import { reviews } from './reviews';
import { statsCounter } from './stats-counter';
import { videoGallery } from './video-gallery';
import { socialIcons } from './social-icons';
import { priceList } from './price-list';
import { fileDownload } from './file-download';
import { businessHours } from './business-hours';
import { announcementBar } from './announcement-bar';
import { contactForm } from './contact-form';
import { emailCapture } from './email-capture';
import { cookieBanner } from './cookie-banner';
import { countdown } from './countdown';
import { faq } from './faq';
import { imageSlider } from './image-slider';
import { logoShowcase } from './logo-showcase';
import { poll } from './poll';
import { pricingTable } from './pricing-table';
import { quiz } from './quiz';
import { socialFeed } from './social-feed';
import { teamMembers } from './team-members';
import { testimonials } from './testimonials';

// Each renderer is typed by its own settings; the registry hands them the server's settings object.
type AnyWidgetType = WidgetType<never>;

export const RENDERERS: Record<string, AnyWidgetType> = {
  countdown,
  faq,
  testimonials,
  poll,
  'pricing-table': pricingTable,
  'announcement-bar': announcementBar,
  quiz,
  'cookie-banner': cookieBanner,
  'contact-form': contactForm,
  'email-capture': emailCapture,
  'image-slider': imageSlider,
  'logo-showcase': logoShowcase,
  'team-members': teamMembers,
  'social-feed': socialFeed,
  'business-hours': businessHours,
  'file-download': fileDownload,
  'price-list': priceList,
  'social-icons': socialIcons,
  reviews,
  'chat-button': chatButton,
  'video-gallery': videoGallery,
  'event-calendar': eventCalendar,
  'before-after': beforeAfter,
  'stats-counter': statsCounter,
};
