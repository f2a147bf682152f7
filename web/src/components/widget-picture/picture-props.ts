export interface WidgetPictureProps {
  /** The catalog's componentType (a renderer of web/embed/renderers). */
  type: string;
  /**
   * Laid over the type's defaults, so saved settings and a template's few differences both draw
   * whole; a `customCss` among them is drawn after the type's CSS, as on a site.
   */
  settings: Record<string, unknown>;
  /** The page width the widget is laid out at before scaling down to the box (px). */
  width?: number;
  /** Sizes the box (width; a max-height crops a tall widget). */
  className?: string;
}
