// App secrets and integration credentials at rest: sealed with the product's encryption key.
import type { AppContext } from '../../context';
import { open, seal as sealWith } from '../crypto/keyring';

export const seal = (ctx: AppContext, plaintext: string): string => sealWith({ keys: ctx.config, plaintext });
export const unseal = (ctx: AppContext, sealed: string): string => open({ keys: ctx.config, sealed });
