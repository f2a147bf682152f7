// The SQLite driver: better-sqlite3 13 (Node-API, the prebuilt binary its package ships) on every
// Node the project runs on (scripts/supported-node.cjs; it crashes Node 20, which is refused).
export { default as Database } from 'better-sqlite3';
