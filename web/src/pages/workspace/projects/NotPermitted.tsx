// What a member whose role is too low sees on a project page (spec 003 section 6).
import { EmptyState } from '../../../components/EmptyState';
import { PROJECT_TEXTS } from './plan-limit';

export function NotPermitted() {
  return <EmptyState title={PROJECT_TEXTS.notPermitted} />;
}
