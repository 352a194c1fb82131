/**
 * The zod-free part of @shutter/contract, which the web build resolves instead of the package's
 * index (see vite.config.ts): the index also evaluates zod schemas, which the client does not need
 * and which would add about 25 KiB gzip to the landing page. Types stay those of the package.
 */
export * from '../../../../packages/contract/src/constants';
export * from '../../../../packages/contract/src/routes';
export * from '../../../../packages/contract/src/client-routes';
export type * from '../../../../packages/contract/src/viewer';
export type * from '../../../../packages/contract/src/auth';
export * from '../../../../packages/contract/src/two-factor';
export * from '../../../../packages/contract/src/oidc';
export * from '../../../../packages/contract/src/client-events';
export type * from '../../../../packages/contract/src/captcha';
export * from '../../../../packages/contract/src/contacts';
export * from '../../../../packages/contract/src/contact-import';
export * from '../../../../packages/contract/src/settings';
export * from '../../../../packages/contract/src/connected-apps';
export * from '../../../../packages/contract/src/query-hashes';
export * from '../../../../packages/contract/src/posts';
export * from '../../../../packages/contract/src/image-sources';
export * from '../../../../packages/contract/src/messages';
export * from '../../../../packages/contract/src/direct';
export * from '../../../../packages/contract/src/stories';
export * from '../../../../packages/contract/src/story-creation';
export * from '../../../../packages/contract/src/terms';
export * from '../../../../packages/contract/src/one-tap';
export * from '../../../../packages/contract/src/reports';
export * from '../../../../packages/contract/src/moderation';
export * from '../../../../packages/contract/src/leaving';
