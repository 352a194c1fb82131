export * from './constants.js';
export * from './auth.js';
export * from './viewer.js';
export * from './pages.js';
export * from './queries.js';
export * from './routes.js';
export * from './client-routes.js';
export * from './posts.js';
export * from './query-hashes.js';
export * from './ids.js';
export * from './image-sources.js';
export * from './messages.js';
export * from './direct.js';
// Result types only: the schemas themselves are in '@shutter/contract/results', out of the web bundle.
export type * from './results/index.js';
export * from './stories.js';
export * from './story-stickers.js';
export * from './story-creation.js';
