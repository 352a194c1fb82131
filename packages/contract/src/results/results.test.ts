import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGE_TEXTS } from '../messages.js';
import { QUERY_HASHES } from '../query-hashes.js';
import { CLIENT_ROUTES } from '../client-routes.js';
import type { CommentNode, MediaItem, MediaNode, UserSummary } from '../posts.js';
import type { LandingPageData, LoginSession, ProfileUser, SharedData, Viewer } from '../viewer.js';
import { failure, pageData, queryResults } from './index.js';
import type * as R from './index.js';

/**
 * The hand-written interfaces the web client uses and the result schemas describe the same answers:
 * the compiler fails here when one of them changes without the other.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameShapes: [
  Same<UserSummary, R.UserSummaryResult>,
  Same<MediaItem, R.MediaItemResult>,
  Same<CommentNode, R.ParentCommentResult>,
  Same<MediaNode, R.MediaNodeResult>,
  Same<Viewer, R.ViewerResult>,
  Same<ProfileUser, R.ProfileUserResult>,
  Same<LoginSession, R.LoginSessionResult>,
  Same<SharedData, R.SharedDataResult>,
  Same<LandingPageData, z.infer<typeof R.landingPage>>,
] = [true, true, true, true, true, true, true, true, true];

describe('result schemas', () => {
  it('the types and the schemas agree (checked by the compiler)', () => {
    expect(sameShapes.every(Boolean)).toBe(true);
  });

  it('every persisted query and every kind of page has its result schema', () => {
    expect(Object.keys(queryResults).sort()).toEqual(Object.keys(QUERY_HASHES).sort());
    for (const route of CLIENT_ROUTES) expect(pageData[route.page], route.path).toBeDefined();
  });

  it('the failure shape takes failures by code, with field errors, and refuses anything else', () => {
    expect(failure.safeParse({ status: 'fail', message: MESSAGE_TEXTS.login_required, code: 'login_required' }).success).toBe(true);
    expect(failure.safeParse({
      status: 'fail', message: 'Check the highlighted fields and try again.', code: 'check_fields',
      errors: { username: ['Enter a username.'] }, error_codes: { username: [{ code: 'username_empty' }] },
    }).success).toBe(true);
    expect(failure.safeParse({ status: 'fail', message: 'This file is damaged or incomplete.', code: 'corrupt' }).success).toBe(true);
    expect(failure.safeParse({ status: 'ok', message: 'x' }).success).toBe(false);
    expect(failure.safeParse({ status: 'fail', message: '' }).success).toBe(false);
    expect(failure.safeParse({ status: 'fail', message: 'x', code: 'no_such_code' }).success).toBe(false);
  });
});
