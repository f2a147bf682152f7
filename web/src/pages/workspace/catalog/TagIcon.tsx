// The icons of Home's popular, trending and new tag groups.
import { tagIcon } from '../../../../../rules/catalog';
import type { TagIcon as TagIconName } from '../../../../../rules/catalog';

const PATHS: Record<TagIconName, string> = {
  popular: 'M12 2c1 4 5 6 5 11a5 5 0 01-10 0c0-2 1-3.5 2-4.5 0 2 1 3 2 3 0-3-1-6 1-9.5z',
  trending: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  new: 'M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z',
};

export function TagIcon({ tag }: { tag: string }) {
  const icon = tagIcon(tag);
  if (!icon) return null;
  return (
    <svg className={`tag-icon tag-icon--${icon}`} width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={PATHS[icon]} />
    </svg>
  );
}
