// Features tab (spec 001 sections 2, 3, 5): the features resource (./resource.ts) as a list
// dragged into order, with its add and edit popups and delete confirmation.
import { ResourceList } from '../../../../components/resource/ResourceList';
import { features } from './resource';

export function FeaturesTab({ appId }: { appId: string }) {
  return <ResourceList description={features} path={{ appId }} lead="Limits and switches your plans carry. Drag a feature by its handle to reorder." />;
}
