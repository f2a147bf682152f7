// App secrets and integration credentials at rest: sealed with the product's encryption key.
import type { AppContext } from '../../context';
import { openSecret, sealSecret } from '../crypto/secret-box';

export const seal = (ctx: AppContext, plaintext: string): string => sealSecret({ key: ctx.config.encryptionKey, plaintext });
export const unseal = (ctx: AppContext, sealed: string): string => openSecret({ key: ctx.config.encryptionKey, sealed });
