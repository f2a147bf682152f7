// The owner's custom CSS (settings.customCss, WidgetCommonSettings), checked by the server when
// saved: it goes after the type's CSS in the widget's shadow root, so it wins ties and styles
// this widget only.
export const withCustomCss = ({ css, settings }: { css: string; settings: Record<string, unknown> }): string =>
  typeof settings.customCss === 'string' && settings.customCss ? `${css}\n${settings.customCss}` : css;
