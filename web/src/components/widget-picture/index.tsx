// A live, inert picture of a widget: its type's renderer drawing the given settings, scaled
// down to the box it is given (templates in the editor's gallery, thumbnails in lists). The
// drawing code (the embed runtime's renderers) is its own chunk, loaded by the first picture.
import { lazy, Suspense } from 'react';
import type { WidgetPictureProps } from './picture-props';
import './widget-picture.css';

export type { WidgetPictureProps } from './picture-props';

const Drawn = lazy(() => import('./DrawnPicture'));

export function WidgetPicture(props: WidgetPictureProps) {
  return (
    <Suspense fallback={<div className={['widget-picture', 'widget-picture--loading', props.className ?? ''].join(' ').trim()} aria-hidden="true" />}>
      <Drawn {...props} />
    </Suspense>
  );
}
