/**
 * The web client's routes as the service sees them: which need a session, and which page data
 * and title each one has. The React router holds the same table (apps/web/src/app/routes.tsx).
 */
export type Access = 'public' | 'protected' | 'login-only' | 'any';
export type PageKind = 'home' | 'login' | 'signup' | 'profile' | 'post' | 'activity' | 'edit-profile' | 'login-activity' | 'password-reset' | 'placeholder';

export interface ClientRoute {
  path: string;
  access: Access;
  kind: PageKind;
  title?: string;
}

export const CLIENT_ROUTES: ClientRoute[] = [
  { path: '/', access: 'any', kind: 'home' },
  { path: '/accounts/login/', access: 'login-only', kind: 'login', title: 'Login' },
  { path: '/accounts/login/two_factor/', access: 'login-only', kind: 'placeholder', title: 'Login' },
  { path: '/accounts/emailsignup/', access: 'login-only', kind: 'signup', title: 'Sign up' },
  { path: '/accounts/signup/', access: 'login-only', kind: 'signup', title: 'Sign up' },
  { path: '/accounts/signup/:step/', access: 'login-only', kind: 'signup', title: 'Sign up' },
  { path: '/accounts/password/reset/', access: 'public', kind: 'password-reset', title: 'Reset password' },
  { path: '/accounts/password/reset/confirm/', access: 'public', kind: 'password-reset', title: 'Reset password' },
  { path: '/accounts/password/change/', access: 'protected', kind: 'placeholder', title: 'Change password' },
  { path: '/accounts/edit/', access: 'protected', kind: 'edit-profile', title: 'Edit profile' },
  { path: '/accounts/activity/', access: 'protected', kind: 'activity', title: 'Activity' },
  { path: '/accounts/privacy_and_security/', access: 'protected', kind: 'placeholder', title: 'Privacy and security' },
  { path: '/accounts/remove/request/temporary/', access: 'protected', kind: 'placeholder', title: 'Deactivate account' },
  { path: '/session/login_activity/', access: 'protected', kind: 'login-activity', title: 'Login activity' },
  { path: '/explore/', access: 'protected', kind: 'placeholder', title: 'Explore' },
  { path: '/explore/people/', access: 'protected', kind: 'placeholder', title: 'Discover people' },
  { path: '/explore/search/', access: 'protected', kind: 'placeholder', title: 'Search' },
  { path: '/explore/tags/:tag/', access: 'public', kind: 'placeholder', title: 'Hashtag' },
  { path: '/explore/locations/:id/:slug/', access: 'public', kind: 'placeholder', title: 'Location' },
  { path: '/direct/inbox/', access: 'protected', kind: 'placeholder', title: 'Inbox' },
  { path: '/direct/new/', access: 'protected', kind: 'placeholder', title: 'New message' },
  { path: '/direct/requests/', access: 'protected', kind: 'placeholder', title: 'Message requests' },
  { path: '/direct/t/:id/', access: 'protected', kind: 'placeholder', title: 'Direct' },
  { path: '/stories/:username/', access: 'public', kind: 'placeholder', title: 'Stories' },
  { path: '/create/*', access: 'protected', kind: 'placeholder', title: 'New post' },
  { path: '/p/:code/', access: 'public', kind: 'post' },
  { path: '/p/:code/liked_by/', access: 'public', kind: 'post' },
  { path: '/tv/:code/', access: 'public', kind: 'post' },
  { path: '/tv/:code/liked_by/', access: 'public', kind: 'post' },
  // Spec 002 §1: a post is also reachable with its caption appended, or behind its owner's name.
  { path: '/p/:code/caption/:caption/', access: 'public', kind: 'post' },
  { path: '/:username/p/:code/', access: 'public', kind: 'post' },
  { path: '/:username/tv/:code/', access: 'public', kind: 'post' },
  { path: '/:username/', access: 'public', kind: 'profile' },
  { path: '/:username/saved/', access: 'protected', kind: 'profile' },
  { path: '/:username/tagged/', access: 'public', kind: 'profile' },
  { path: '/:username/channel/', access: 'public', kind: 'profile' },
  { path: '/:username/followers/', access: 'public', kind: 'profile' },
  { path: '/:username/following/', access: 'public', kind: 'profile' },
  { path: '/:username/similar_accounts/', access: 'protected', kind: 'profile' },
  { path: '/:username/related_profiles/', access: 'protected', kind: 'profile' },
];

/** Path prefixes that belong to the API and files, never to the client. */
export const NON_CLIENT_PREFIXES = ['/api/', '/graphql/', '/web/', '/data/', '/media/', '/static/', '/assets/', '/dev/', '/create/upload/', '/create/configure/'];
