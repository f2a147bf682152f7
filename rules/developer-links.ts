// The developer profile's link check, shared by the server (developer-profile service) and
// the Developer Info form, so both accept the same URLs and say the same thing.
import type { DeveloperLink } from '../generated/client/types.gen';
import { isHttpUrl } from './url-patterns';

export const LINK_TYPES = ['website', 'github', 'linkedin', 'twitter', 'facebook'] as const;
export const LINK_LABELS: Record<DeveloperLink['type'], string> = { website: 'Website', github: 'GitHub', linkedin: 'LinkedIn', twitter: 'Twitter', facebook: 'Facebook' };

/** The message for a link whose (trimmed) URL is not http(s), or nothing. */
export const linkUrlError = ({ type, url }: DeveloperLink): string | undefined =>
  isHttpUrl(url.trim()) ? undefined : `${LINK_LABELS[type]} must be a valid URL`;
