/**
 * The result schemas of every answer of the API (zod), from which the OpenAPI document is made and
 * against which tests check the server's answers. Import the schemas from
 * '@shutter/contract/results'; the web client imports only their types, from '@shutter/contract'.
 */
export * from './common.js';
export * from './users.js';
export * from './posts.js';
export * from './search.js';
export * from './hashtags.js';
export * from './accounts.js';
export * from './contacts.js';
export * from './contact-import.js';
export * from './connected-apps.js';
export * from './settings.js';
export * from './two-factor.js';
export * from './two-factor-sms.js';
export * from './captcha.js';
export * from './queries.js';
export * from './pages.js';
export * from './directories.js';
export * from './places.js';
export * from './explore.js';
export * from './direct.js';
export * from './stories.js';
export * from './terms.js';
export * from './reports.js';
export * from './moderation.js';
export * from './leaving.js';
