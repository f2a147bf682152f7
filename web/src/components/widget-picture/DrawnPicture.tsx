// The picture itself: the widget drawn by the embed runtime's mountWidget into a shadow root
// (its CSS stays in, the page's out), laid out `width` px wide and scaled to the box's width.
// Inert: no focus, no clicks, hidden from screen readers (the caller names the picture).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { mountWidget, unmountWidget } from '../../../embed/mount';
import { settingsDefaults, settingsSchemaName } from '../../../../rules/widget-settings';
import type { SettingsSchema } from '../../../../rules/widget-settings';
import { schemaOf } from '../../../../forms/schemas';
import { WIDGET_SETTINGS } from '../../../../generated/schemas/widget-settings';
import type { WidgetPictureProps } from './picture-props';

const DEFAULT_WIDTH = 960;
/** Types whose widget is fixed to the page's edge or over it, out of the flow: their picture is a
 * page-shaped stage (16:9 of the width) the fixed parts are placed in (contain: layout). The
 * announcement bar is in the flow at the page's top, so it draws in its own height. */
const PAGE_TYPES = new Set(['cookie-banner', 'chat-button', 'email-capture']);

function defaultsOf(type: string): Record<string, unknown> {
  const entry = WIDGET_SETTINGS[settingsSchemaName(type)];
  return entry ? settingsDefaults(schemaOf(entry) as SettingsSchema) : {};
}

/** Follows an element's size (the box's width, the drawing's height). */
function useSize(element: HTMLElement | null): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    if (!element) return undefined;
    const measure = () => setSize({ width: element.offsetWidth, height: element.offsetHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

export default function DrawnPicture({ type, settings, width = DEFAULT_WIDTH, className }: WidgetPictureProps) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const boxSize = useSize(box);
  const stageSize = useSize(stage);

  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    mountWidget({ host: element, type, widgetId: 'picture', settings: { ...defaultsOf(type), ...settings }, track: () => undefined, read: async () => undefined });
    return () => unmountWidget(element);
  }, [type, settings]);

  const scale = boxSize.width > 0 ? Math.min(1, boxSize.width / width) : 1;
  return (
    <div ref={setBox} className={['widget-picture', className ?? ''].join(' ').trim()} style={{ height: stageSize.height ? stageSize.height * scale : undefined }} aria-hidden="true" inert>
      <div
        ref={setStage}
        className={PAGE_TYPES.has(type) ? 'widget-picture__stage widget-picture__stage--page' : 'widget-picture__stage'}
        style={{ width, transform: `scale(${scale})`, ...(PAGE_TYPES.has(type) ? { minHeight: Math.round((width * 9) / 16) } : {}) }}
      >
        <div ref={host} />
      </div>
    </div>
  );
}
