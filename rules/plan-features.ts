// The plan features the workspace enforces (spec 003 section 4, spec 002 section 9), with the
// free plan's defaults. Shared by the server, which enforces them, and the screens, which show them.

export interface PlanFeatures {
  /** Projects a user may own. */
  websites: number;
  /** Collaborators per project. */
  collaborators: number;
  numberOfViewsPerMonth: number;
  numberOfBytesInStorage: number;
  [feature: string]: number | boolean | string;
}

/** Spec 002: "collaborators 0 (minimum 1 applied when loaded)". */
export const MIN_COLLABORATORS = 1;

export const FREE_PLAN_FEATURES: PlanFeatures = {
  websites: 1,
  collaborators: 0,
  numberOfViewsPerMonth: 300,
  numberOfBytesInStorage: 100 * 1024 * 1024,
};

/** A view limit above this is shown as 'Unlimited' (spec 003 section 9). */
export const UNLIMITED_ABOVE = 10_000_000;

export const atOrAbove = ({ used, limit }: { used: number; limit: number }): boolean => used >= limit;
