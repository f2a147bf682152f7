// The SQL functions compiled filters call, registered on every connection to a store's file
// (the server's and the off-thread counter's).
import type { Database } from 'better-sqlite3';

export function registerFunctions(db: Database): void {
  const regexps = new Map<string, RegExp>();
  db.function('nindo_regexp', { deterministic: true }, (source: unknown, flags: unknown, value: unknown) => {
    if (typeof value !== 'string') return 0;
    const key = `${String(flags)}/${String(source)}`;
    let re = regexps.get(key);
    if (!re) {
      if (regexps.size > 1000) regexps.clear();
      re = new RegExp(String(source), String(flags));
      regexps.set(key, re);
    }
    return re.test(value) ? 1 : 0;
  });
}
