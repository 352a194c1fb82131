/** The columns of a user summary (what presentUserSummary needs), for selects joined on `users`. */
export const USER_SUMMARY_COLUMNS = ['users.id', 'users.username', 'users.full_name', 'users.profile_pic_key', 'users.is_private', 'users.is_verified'] as const;
