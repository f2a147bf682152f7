// The widget types a widget can have: the widget catalog's published apps (componentType, with
// the app's name and slug for the lists' "App" column and the editor link).
import type { AppContext } from '../../../context';

export interface WidgetType {
  type: string;
  name: string;
  slug: string;
}

const BUILT_IN: WidgetType[] = [
  { type: 'countdown', name: 'Countdown Timer', slug: 'countdown-timer' },
  { type: 'faq', name: 'FAQ Accordion', slug: 'faq' },
  { type: 'testimonials', name: 'Testimonials', slug: 'testimonials' },
  { type: 'poll', name: 'Poll', slug: 'poll' },
];

export function widgetTypes(_query: { ctx: AppContext }): Promise<WidgetType[]> {
  return Promise.resolve(BUILT_IN);
}
