// When an integration counts as connected or complete (spec 000 sections 4 and 5).

export interface PlatformField {
  name: string;
  type: string;
  required?: boolean;
}

export interface IntegrationState {
  isActive: boolean;
  useSystemIntegration?: boolean;
  platformAppKeys?: Record<string, unknown>;
}

const filled = (field: PlatformField, keys: Record<string, unknown>): boolean => {
  const value = keys[field.name];
  // A boolean or checkbox always carries an answer, ticked or not.
  if (field.type === 'boolean' || field.type === 'checkbox') return true;
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
};

/** Every non-hidden required field has a value. */
export function fieldsComplete(fields: ReadonlyArray<PlatformField>, keys: Record<string, unknown> = {}): boolean {
  return fields.filter((f) => f.type !== 'hidden' && f.required !== false).every((f) => filled(f, keys));
}

export function isConnected(integration: IntegrationState | undefined, fields: ReadonlyArray<PlatformField>): boolean {
  if (!integration) return false;
  if (integration.useSystemIntegration) return true;
  return integration.isActive && fieldsComplete(fields, integration.platformAppKeys);
}
