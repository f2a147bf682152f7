export { createClient } from './client.ts';
export type { Client, ClientOptions } from './client.ts';
export type { BatchOperation, BatchResult, Collection, ListOptions, NindoDocument, Page, Query, Sort, VersionOptions } from './collection.ts';
export { ConflictError, NindoError } from './errors.ts';
export type { FieldErrors } from './errors.ts';
export type { Auth } from './http.ts';
export type { ChangeEvent, Handler, LiveEvent, ReconnectOptions, ResetEvent, Target } from './live.ts';
