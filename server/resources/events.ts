// Webhook events of a declared resource's writes (`events: true`, app scope only):
// `<resource>.created`, `.updated` and `.deleted` through the one emitter, the record as answered
// (a deletion: its id) as `data`.
// The cause is the record's id with its `updated` time, so a write announces one event and a
// repeat of the same write (the same version) announces nothing new.
import type { AppContext } from '../context';
import type { WebhookEventType } from '../../generated/client/types.gen';
import { emitEvent } from '../services/webhooks/emit-event';
import { eventTypeOf } from '../../rules/resource-declaration';
import type { ResourceDeclaration } from '../../rules/resource-declaration';

export type ResourceChange = 'created' | 'updated' | 'deleted';

export async function emitResourceEvent({ ctx, resource, scope, change, id, version, payload }: { ctx: AppContext; resource: ResourceDeclaration; scope: Record<string, string>; change: ResourceChange; id: string; version: unknown; payload: Record<string, unknown> }): Promise<void> {
  if (!resource.events || !scope.appId) return;
  // The generator adds these types to WebhookEventType, so the names are the document's.
  const type = eventTypeOf(resource, change) as WebhookEventType;
  const at = typeof version === 'string' ? version : ctx.now().toISOString();
  await emitEvent({ ctx, appId: scope.appId, type, cause: `${resource.name}:${id}:${change}:${at}`, payload });
}
