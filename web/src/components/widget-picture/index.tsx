// A live, inert picture of a widget: its type's renderer drawing the given settings, scaled
// down to the box it is given (templates in the editor's gallery, thumbnails in lists). The
// drawing code (the embed runtime's renderers) is its own chunk, loaded by the first picture.
import { lazy, Suspense, useState } from 'react';
import type { WidgetPictureProps } from './picture-props';
import { useSeen } from './use-seen';
import './widget-picture.css';

export type { WidgetPictureProps } from './picture-props';

const Drawn = lazy(() => import('./DrawnPicture'));

const boxClass = (modifier: string, className?: string) => ['widget-picture', modifier, className ?? ''].join(' ').trim();

export function WidgetPicture(props: WidgetPictureProps) {
  return (
    <Suspense fallback={<div className={boxClass('widget-picture--loading', props.className)} aria-hidden="true" />}>
      <Drawn {...props} />
    </Suspense>
  );
}

/**
 * The picture in a list row or a card: an empty box of the same size (the className's) until it
 * comes into view, then the drawing, so a page of rows draws only the pictures a user sees, each once.
 */
export function VisibleWidgetPicture(props: WidgetPictureProps) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const seen = useSeen(box);
  return seen ? <WidgetPicture {...props} /> : <div ref={setBox} className={boxClass('widget-picture--waiting', props.className)} aria-hidden="true" />;
}
