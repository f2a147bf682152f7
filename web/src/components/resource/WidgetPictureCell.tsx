// A record's widget in a cell or a card (format widget-picture), drawn from the record's type and
// settings once its box is in view. Its own chunk (cells.tsx loads it lazily), so a screen
// without widgets does not carry the picture's code in its first load.
import { VisibleWidgetPicture } from '../widget-picture';

/** The page width a listed widget is laid out at before it is scaled down to its box. */
const LISTED_WIDGET_WIDTH = 640;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export default function WidgetPictureCell({ type, settings, className }: { type: string; settings: unknown; className: string }) {
  return <VisibleWidgetPicture className={className} type={type} settings={isRecord(settings) ? settings : {}} width={LISTED_WIDGET_WIDTH} />;
}
