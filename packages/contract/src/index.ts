export * from './constants.js';
export * from './auth.js';
export * from './viewer.js';
export * from './queries.js';
export * from './routes.js';
export * from './posts.js';
export * from './query-hashes.js';
export * from './ids.js';
