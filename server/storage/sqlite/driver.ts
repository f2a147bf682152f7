// The better-sqlite3 build for the running Node. 13 (Node-API, prebuilt) is the driver on the
// supported Nodes (22.22+, 24); 12.x built from source aborts there when a collected statement
// is finalised. On Node 20, past its end of life, 13 crashes instead, so the README's
// `npm ci && npm start` on such a machine loads 12.x, installed beside it as better-sqlite3-node20.
import type BetterSqlite3 from 'better-sqlite3';

const major = Number(process.versions.node.split('.')[0]);

export const Database = (major >= 22 ? require('better-sqlite3') : require('better-sqlite3-node20')) as typeof BetterSqlite3;
