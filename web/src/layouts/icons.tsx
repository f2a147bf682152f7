// Small stroke icons for the sidebars of both apps (inline, so nothing external is fetched).
const PATHS = {
  projects: 'M3 3h7v7H3zM14 3h7v7h-7zM3 14h7v7H3zM14 14h7v7h-7z',
  shared: 'M16 3h5v5M21 3l-7 7M8 21H3v-5M3 21l7-7',
  widgets: 'M12 2l9 5-9 5-9-5zM3 12l9 5 9-5M3 17l9 5 9-5',
  catalog: 'M4 4h16v4H4zM4 10h7v10H4zM13 10h7v4h-7zM13 16h7v4h-7z',
  news: 'M12 2l2.9 6.9L22 10l-5.5 4.7L18 22l-6-3.8L6 22l1.5-7.3L2 10l7.1-1.1z',
  external: 'M14 3h7v7M21 3l-9 9M19 14v5a2 2 0 01-2 2H5a2 2 0 01-2-2V7a2 2 0 012-2h5',
  account: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21a8 8 0 0116 0',
  billing: 'M2 6h20v12H2zM2 10h20M6 15h4',
  logout: 'M9 21H5a2 2 0 01-2-2V5a2 2 0 012-2h4M16 17l5-5-5-5M21 12H9',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  back: 'M19 12H5M12 19l-7-7 7-7',
  media: 'M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15.5 9.5h.01',
  settings: 'M12 15a3 3 0 100-6 3 3 0 000 6zM19 12l2-1-1-3-2 .3-1.4-1.4.3-2-3-1-1 2h-2l-1-2-3 1 .3 2L6.3 7.7 4.3 7.3l-1 3 2 1v2l-2 1 1 3 2-.3 1.4 1.4-.3 2 3 1 1-2h2l1 2 3-1-.3-2 1.4-1.4 2 .3 1-3-2-1z',
  permissions: 'M16 11a4 4 0 10-8 0M12 15a7 7 0 00-7 6h14a7 7 0 00-7-6zM12 3v4',
  menu: 'M3 6h18M3 12h18M3 18h18',
  dashboard: 'M3 13h8V3H3zM13 21h8v-8h-8zM3 21h8v-6H3zM13 3v8h8V3z',
  integrations: 'M9 2v6M15 2v6M6 8h12v4a6 6 0 01-12 0zM12 18v4',
  lock: 'M5 11h14v10H5zM8 11V7a4 4 0 018 0v4M12 15v2',
  webhooks: 'M10 4a4 4 0 00-2 7.5L5 17M14 4a4 4 0 012 7.5M9 17h8a4 4 0 10-3-6.6M5 17a2 2 0 100 .01M17 17a2 2 0 100 .01',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21a7 7 0 0114 0M16 3.5a4 4 0 010 7M18 14a7 7 0 014 7',
  database: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  info: 'M12 22a10 10 0 100-20 10 10 0 000 20zM12 16v-5M12 8h.01',
  apps: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM17 14v6M14 17h6',
  docs: 'M6 2h9l5 5v15H6zM14 2v6h6M9 13h8M9 17h6',
  megaphone: 'M3 10v4h4l6 4V6L7 10zM17 9a4 4 0 010 6M20 6a8 8 0 010 12',
} as const;

export type IconName = keyof typeof PATHS;

/** A declared resource's `screen.icon` (docs/extending.md) when it is one of ours, else a page. */
export const iconOf = (name?: string): IconName => (name && Object.hasOwn(PATHS, name) ? (name as IconName) : 'docs');

export function Icon({ name, size = 18 }: { name: IconName; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={PATHS[name]} />
    </svg>
  );
}
