import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api';
import { loginRedirectFor, spamFeedbackOf } from './action-rules';

describe('post action rules', () => {
  it('R-000-likes-1: a logged-out visitor who uses a like-related action is sent to login', () => {
    expect(loginRedirectFor(false, '/p/abc/', '?x=1', 'likes')).toBe('/accounts/login/?next=%2Fp%2Fabc%2F%3Fx%3D1&source=likes');
    expect(loginRedirectFor(true, '/p/abc/', '', 'likes')).toBeNull();
  });

  it('R-002-post-actions-6: a like refused as spam yields the dialog content (title, message, url)', () => {
    const body = { status: 'fail', spam: true, message: 'x', feedback_title: 'Try again later', feedback_message: 'We limit how often…', feedback_url: 'https://example.com/help' };
    expect(spamFeedbackOf(new ApiError(429, body, 'x'))).toMatchObject({ feedback_title: 'Try again later', feedback_url: 'https://example.com/help' });
    expect(spamFeedbackOf(new ApiError(429, { status: 'fail', message: 'slow down' }, 'x'))).toBeNull();
    expect(spamFeedbackOf(new ApiError(500, body, 'x'))).toBeNull();
  });
});
