import { z } from 'zod';
import { userSummary } from './common.js';

/** Profile and hashtag directories: where a page sits, and its list of keys or of entries. */

export const directoryKind = z.enum(['profiles', 'hashtags']);

export const directoryLevelInfo = z.object({
  kind: directoryKind,
  /** This page's key (`3`, `3-7`); null on the directory's root page. */
  key: z.string().nullable(),
  /** 0 on the root page, 1 for a first-level key, and so on. */
  depth: z.number().int().min(0),
  /** The key of the page one level up; null when that is the root (or this is the root). */
  parent_key: z.string().nullable(),
  /** True when this page lists entries (accounts or hashtags) rather than sub-keys. */
  is_last_level: z.boolean(),
  /** The first and last names this page covers, shortened; null when it is empty. */
  first: z.string().nullable(),
  last: z.string().nullable(),
}).meta({ id: 'DirectoryLevelInfo', description: 'Where a directory page sits in its tree.' });

export const directoryKey = z.object({
  key: z.string(),
  /** The first and last names under this key, shortened to a prefix for profiles. */
  first: z.string(),
  last: z.string(),
}).meta({ id: 'DirectoryKey', description: 'A link one level down a directory.' });

export const directoryHashtag = z.object({ name: z.string() }).meta({ id: 'DirectoryHashtag' });

export const directoryPage = z.object({
  level_info: directoryLevelInfo,
  /** The keys one level down (empty on the last level). */
  key_list: z.array(directoryKey),
  /** On the last level of the profiles directory: the public accounts of this key, by username. */
  profile_list: z.array(userSummary),
  /** On the last level of the hashtags directory: the hashtags of this key, by name. */
  hashtag_list: z.array(directoryHashtag),
  status: z.literal('ok'),
}).meta({ id: 'DirectoryPage', description: 'A page of the profiles or hashtags directory.' });

export const suggestedDirectoryPage = z.object({
  /** The person the page is about. */
  user: userSummary,
  /** Public accounts around them: whom they follow and who follows them, most followed first. */
  profile_list: z.array(userSummary),
  status: z.literal('ok'),
}).meta({ id: 'SuggestedDirectoryPage', description: 'Accounts suggested around one person.' });

export type DirectoryPageData = z.infer<typeof directoryPage>;
export type SuggestedDirectoryPageData = z.infer<typeof suggestedDirectoryPage>;
export type DirectoryKind = z.infer<typeof directoryKind>;
