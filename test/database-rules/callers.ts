// Two stores that installed one app, the app itself, its developer and a stranger, and the rule
// kinds the tests set, for the rules' tests (docs/public-data-api.md, "Rules").
import request from 'supertest';
import type { Test } from 'supertest';
import type { Express } from 'express';
import type { AppContext } from '../../server/context';
import type { DataRule, DataRules } from '../../generated/client/types.gen';
import { signInAs } from '../helpers/developer';
import type { Agent } from '../helpers/accounts';
import { appTokens, digest } from '../../server/services/developer/install/model';
import { basic, installToken, withAuth } from '../database-public/fixtures';
import type { DataApp } from '../database-public/fixtures';

export type CallerName = 'anonymous' | 'store A' | 'store B' | 'the app' | "the owner's session" | "a stranger's session";
export const CALLER_NAMES: CallerName[] = ['anonymous', 'store A', 'store B', 'the app', "the owner's session", "a stranger's session"];

export interface Callers {
  call: (caller: CallerName, method: 'get' | 'post' | 'put' | 'delete', path: string) => Test;
  /** The appUserId of each store's installation (what `_owner` holds). */
  storeA: string;
  storeB: string;
  tokenA: string;
  tokenB: string;
}

const appUserOf = async (ctx: AppContext, token: string): Promise<string> => String((await appTokens(ctx).findOne({ _id: digest(token) }))?.appUserId);

export async function callersOf({ app, ctx, data }: { app: Express; ctx: AppContext; data: DataApp }): Promise<Callers> {
  const tokenA = await installToken({ app, ctx, ...data });
  const tokenB = await installToken({ app, ctx, ...data });
  const { agent: stranger } = await signInAs({ app, ctx, email: `stranger-${data.appId}@rules.example` });
  const sessions: Partial<Record<CallerName, Agent>> = { "the owner's session": data.owner, "a stranger's session": stranger };
  const headers: Partial<Record<CallerName, string>> = { 'store A': `Bearer ${tokenA}`, 'store B': `Bearer ${tokenB}`, 'the app': basic(data.appId, data.appSecret) };
  return {
    call: (caller, method, path) => sessions[caller]?.[method](path) ?? withAuth(request(app)[method](path), headers[caller]),
    storeA: await appUserOf(ctx, tokenA),
    storeB: await appUserOf(ctx, tokenB),
    tokenA,
    tokenB,
  };
}

export type RuleKind = 'locked' | 'anyone' | 'users' | 'owner' | 'filter';
export const RULE_KINDS: RuleKind[] = ['locked', 'anyone', 'users', 'owner', 'filter'];

/** The filter the issue gives: published records, and the caller's own. */
export const PUBLISHED_OR_OWN = '{"$or":[{"published":true},{"_owner":"@caller"}]}';

export const ruleOf = (kind: RuleKind): DataRule => (kind === 'filter' ? { kind, filter: PUBLISHED_OR_OWN } : { kind });

export const allRules = (rule: DataRule): DataRules => ({ list: rule, view: rule, create: rule, update: rule, delete: rule });
