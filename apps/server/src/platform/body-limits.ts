/**
 * What a request body may weigh, per route. A body is read whole before any check runs, so its cap
 * bounds every validator's work: the default fits every form of a few short fields; a route that
 * takes long text (a caption, a comment, a message: 2,200 characters, each up to 12 bytes once
 * escaped as JSON or a form) or a list of ids asks for `text`. Uploads are multipart and keep
 * their own limits (features/posts/multipart.ts).
 */
export const BODY_BYTES = {
  default: 16 * 1024,
  text: 64 * 1024,
} as const;
