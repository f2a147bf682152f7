// One count of views per widget and UTC month (issue 38 item 6): the analytics fold raises a
// widget's `views` for the month named by `viewsMonth` and restarts them on a new month's first
// view. The widgets lists, their "Please Upgrade" mark and the account's meter all read it here.

/** The UTC month of a date, YYYY-MM. */
export const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

/**
 * A widget's views in `now`'s month: its count while it belongs to that month, else 0 (nothing
 * was viewed since the month began). A count without a month (a widget seeded or imported
 * before months were kept) is taken as this month's.
 */
export const viewsThisMonth = ({ views, viewsMonth, now }: { views: number; viewsMonth?: unknown; now: Date }): number =>
  viewsMonth === undefined || viewsMonth === monthOf(now) ? views : 0;
