// Which Node versions Nindo runs on: package.json's `engines` as data (test/runtime/supported-node.test.ts
// holds the two equal). Plain CommonJS so that any Node runs it before anything is installed:
// scripts/use-node.sh asks it whether to bring Node 24, `npm start` and `npm test` run it first,
// and server/main.ts imports it before the native modules, which crash older Nodes when loaded.
// Run as a script, it prints the refusal and exits 1 on an unsupported Node; `--quiet` only exits.
'use strict';

/** Each range: from this version on, and below `below` when it has one. */
const RANGES = [
  { from: [22, 22, 2], below: [23, 0, 0] },
  { from: [24, 15, 0], below: [25, 0, 0] },
  { from: [26, 0, 0] },
];

const SUPPORTED = '24.15 or later in the 24 line, 22.22.2 or later in the 22 line, or 26 and later';

const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether Nindo runs on `version` ("24.21.0", as process.versions.node gives it). */
function isSupportedNode(version) {
  const parts = version.replace(/^v/, '').split(/[.-]/).slice(0, 3).map(Number);
  return RANGES.some(({ from, below }) => compare(parts, from) >= 0 && (!below || compare(parts, below) < 0));
}

/** The one line an unsupported Node is refused with; undefined on a supported one. */
function unsupportedNodeRefusal(version) {
  if (isSupportedNode(version)) return undefined;
  return `Nindo needs Node ${SUPPORTED}; this is Node ${version}. Run \`. scripts/use-node.sh\` first, as the README's commands do: it brings Node 24 from the npm registry.`;
}

module.exports = { isSupportedNode, unsupportedNodeRefusal };

if (require.main === module) {
  const refusal = unsupportedNodeRefusal(process.versions.node);
  if (refusal) {
    if (!process.argv.includes('--quiet')) console.error(refusal);
    process.exitCode = 1;
  }
}
