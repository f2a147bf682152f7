// Imported first by server/main.ts, before any module loads a native addon (better-sqlite3 13 and
// argon2's prebuilt binary crash Node 20 as they load, and Node 20 lacks process.threadCpuUsage,
// which pattern searches need): an unsupported Node is refused in one line naming the supported ones.
import { unsupportedNodeRefusal } from '../scripts/supported-node.cjs';

const refusal = unsupportedNodeRefusal(process.versions.node);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
