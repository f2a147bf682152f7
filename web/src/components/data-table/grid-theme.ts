// AG Grid's Quartz theme in the product's colours (Theming API: no CSS import needed).
import { themeQuartz } from 'ag-grid-community';

export const gridTheme = themeQuartz.withParams({
  accentColor: '#5b5bd6',
  fontFamily: 'inherit',
  fontSize: 14,
  foregroundColor: '#1f2430',
  headerBackgroundColor: '#f6f7fb',
  headerFontWeight: 600,
  headerTextColor: '#646b7d',
  borderColor: '#e2e4ec',
  wrapperBorderRadius: 8,
  rowHoverColor: '#f6f6fe',
  spacing: 7,
});
