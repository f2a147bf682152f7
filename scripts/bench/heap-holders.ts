// What a bench server's V8 heap holds, by kind: a heap snapshot taken by signal (the server runs
// with --heapsnapshot-signal=SIGUSR2 and --diagnostic-dir), summed by constructor (objects) or
// by kind (strings, code, arrays, closures). Self sizes, not retained ones: enough to see which
// kind grew between two runs.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export interface Holder {
  name: string;
  mb: number;
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

const KIND_NAMES: Record<string, string> = {
  string: '(strings)',
  'concatenated string': '(strings)',
  'sliced string': '(strings)',
  code: '(compiled code)',
  array: '(engine arrays)',
  closure: '(closures)',
  hidden: '(engine internals)',
  'object shape': '(object shapes)',
  number: '(heap numbers)',
};

function holdersOf(file: string): { total: number; holders: Holder[] } {
  const { snapshot, nodes, strings } = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = snapshot.meta.node_fields;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => fields.indexOf(field));
  const types = snapshot.meta.node_types[0];
  const sums = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt]];
    const size = nodes[i + sizeAt];
    const name = KIND_NAMES[type] ?? (type === 'object' || type === 'native' ? strings[nodes[i + nameAt]] : `(${type})`);
    sums.set(name, (sums.get(name) ?? 0) + size);
    total += size;
  }
  const holders = [...sums.entries()].sort((a, b) => b[1] - a[1]).map(([name, bytes]) => ({ name, mb: bytes / 2 ** 20 }));
  return { total: total / 2 ** 20, holders };
}

/** Signals the server for a snapshot, waits until it answers `healthUrl` again (the snapshot is written by then), and sums it. */
export async function heapHolders({ pid, dir, healthUrl }: { pid: number; dir: string; healthUrl: string }): Promise<{ total: number; holders: Holder[] }> {
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 120_000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const files = readdirSync(dir).filter((name) => name.endsWith('.heapsnapshot'));
    const answered = await fetch(healthUrl).then((res) => res.ok, () => false);
    if (files.length > 0 && answered) {
      const file = join(dir, files[0]);
      try {
        return holdersOf(file);
      } finally {
        rmSync(file, { force: true });
      }
    }
    if (Date.now() > deadline) throw new Error('no heap snapshot within 120 s');
  }
}
