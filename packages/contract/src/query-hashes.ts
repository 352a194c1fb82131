/** The persisted queries' names and ids (md5 hex of the name), free of zod for the web bundle. */
export const QUERY_HASHES = {
  viewer: '4b2a1529867b8d697685b1722ccd0149',
  login_activity: '3ffcb94b7c8707dd776d83889d90c07b',
  feed: '09353387931db36c8af0e1b3658ddffe',
  liked_by: '16051f1d585176928e7890b7cf327b6a',
  parent_comments: 'b891f639f48613094a5947a115aea554',
  child_comments: '0861f86ed0b29c7395d944fa7c2e7a18',
  comment_likes: 'ecfa66ba8800857b60c593cedf0ab386',
  profile_posts: 'f27142816ca7f13a7c0626fa303e2587',
  follow_requests: 'fa226c987ef8b040eee87e47f7ab1c72',
  follow_list: 'e79d993c0961e92f407b2c43dd098efe',
  activity_counts: '75a20120b28edaa3f9a955cf5a1e19bd',
  suggested_users_count: 'a9fbfe5b90e17c0f16b57bdbb9aa1225',
  suggested_users: '70614a276832369124b4da2f780a0aee',
  saved_posts: '134ca5634e01312802409a2a52aa10ce',
  tagged_posts: '9e28d909e21afb813e068f751024a444',
  similar_accounts: 'e4e3a625990b43940ebb325a0ce14830',
  hashtag_media: '8bd59d51dd5dcbfaf4b21196f171756e',
  location_media: '6d9acf4506853b60a7fe4d79070af4fd',
  hashtag_follow_list: 'b890dafbca781a005d91550cd9d7a34e',
  explore_media: '6fc5e0532ebad1d87cc3b71671493058',
} as const;
export type QueryName = keyof typeof QUERY_HASHES;
