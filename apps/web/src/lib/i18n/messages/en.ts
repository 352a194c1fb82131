import { accountEn } from './account.en';
import { createEn } from './create.en';
import { discoverEn } from './discover.en';
import { directoriesEn } from './directories.en';
import { placesEn } from './places.en';
import { searchEn } from './search.en';
import { hashtagsEn } from './hashtags.en';
import { storyRingEn } from './story-ring.en';
import { exploreEn } from './explore.en';
import { serverEn } from './server.en';
import { graphEn } from './graph.en';
import { postsEn } from './posts.en';
import { postEditEn } from './post-edit.en';
import { twoFactorEn } from './two-factor.en';
import { captchaEn } from './captcha.en';
import { oidcEn } from './oidc.en';
import { directEn } from './direct.en';
import { highlightsEn } from './highlights.en';
import { storiesEn } from './stories.en';
import { storyCreateEn } from './story-create.en';
import { legalEn } from './legal.en';
import { termsEn } from './terms.en';
import { signupStepsEn } from './signup-steps.en';
import { loginCheckEn } from './login-check.en';
import { contactsEn } from './contacts.en';
import { oneTapEn } from './one-tap.en';
import { reportsEn } from './reports.en';
import { moderationEn } from './moderation.en';
import { contactImportEn } from './contact-import.en';
import { connectedAppsEn } from './connected-apps.en';
import { settingsPagesEn } from './settings-pages.en';
import { leavingEn } from './leaving.en';

/** English catalogue: the source of every user-visible string, by identifier. */
const coreEn = {
  'app.name': 'Shutter',
  'app.tagline': 'Share photos and videos with the people you follow.',
  'app.skipToContent': 'Skip to content',
  'app.loading': 'Loading',
  'app.copyright': '© {year} Shutter',
  'app.languageLabel': 'Language',
  'app.backHome': 'Go back to Shutter',
  'app.error.title': 'Something went wrong',
  'app.error.body': 'The page could not be loaded. Check your connection and try again.',
  'app.error.retry': 'Try again',
  'app.back': 'Back',
  'title.suffix': '{title} • Shutter',

  'locale.en': 'English',
  'locale.es': 'Español',

  'nav.primary': 'Primary',
  'nav.logo': 'Shutter',
  'nav.home': 'Home',
  'nav.explore': 'Explore',
  'nav.direct': 'Direct',
  'nav.directUnread': 'Direct, {count} unread',
  'nav.activity': 'Activity',
  'nav.create': 'Create',
  'nav.create.post': 'Post',
  'nav.create.story': 'Story',
  'nav.profile': 'Profile',
  'nav.search': 'Search',
  'nav.searchPlaceholder': 'Search',
  'nav.accountMenu': 'Account menu',
  'nav.menu.profile': 'Profile',
  'nav.menu.settings': 'Settings',
  'nav.menu.loginActivity': 'Login activity',
  'nav.menu.changePassword': 'Change password',
  'nav.menu.switchLanguage': 'Switch language to {language}',
  'nav.menu.switchAccount': 'Log into another account',
  'nav.menu.logOut': 'Log out',
  'nav.tabs': 'Tabs',
  'nav.loggedOut.logIn': 'Log in',
  'nav.loggedOut.signUp': 'Sign up',
  'activity.popover.title': 'Activity',
  'activity.popover.empty': 'No activity yet',
  'activity.popover.emptyBody': 'When someone likes or comments on your posts, you will see it here.',
  'activity.popover.seeAll': 'See all activity',

  'switch.title': 'Log into another account?',
  'switch.body': 'You will be logged out of @{username} first.',
  'switch.confirm': 'Log out and continue',
  'switch.cancel': 'Cancel',
  'switch.button': 'Switch',

  'logout.error': 'logout internal error',

  'modal.close': 'Close',
  'toast.region': 'Notifications',

  'cookies.region': 'Cookie banner',
  'cookies.text': 'We use cookies to run and improve Shutter, to remember your settings and to keep your account secure.',
  'cookies.learnMore': 'Learn more',
  'cookies.close': 'Close',

  'auth.orDivider': 'OR',
  'auth.showPassword': 'Show',
  'auth.hidePassword': 'Hide',
  'auth.showPasswordLabel': 'Show password',
  'auth.hidePasswordLabel': 'Hide password',
  'auth.fieldValid': 'Looks good',
  'auth.fieldInvalid': 'Has an error',
  'auth.getTheApp': 'Photos and videos from your friends, on any screen.',
  'auth.heroAlt': 'Phone showing a Shutter feed of photos',

  'login.title': 'Log in',
  'login.heading': 'Log in to Shutter',
  'login.username': 'Username or email',
  'login.password': 'Password',
  'login.submit': 'Log in',
  'login.forgot': 'Forgot password?',
  'login.noAccount': "Don't have an account?",
  'login.signUpLink': 'Sign up',
  'login.genericError': 'Sorry, there was a problem logging you in. Please try again.',
  'login.redirectNotice': 'Log in to continue.',

  'signup.title': 'Sign up',
  'signup.heading': 'Sign up to see photos and videos from your friends.',
  'signup.email': 'Email',
  'signup.fullName': 'Full name',
  'signup.username': 'Username',
  'signup.password': 'Password',
  'signup.passwordHint': 'At least {min} characters.',
  'signup.submit': 'Sign up',
  'signup.haveAccount': 'Have an account?',
  'signup.logInLink': 'Log in',
  'signup.suggestions': 'Try one of these usernames:',
  'signup.useSuggestion': 'Use username {username}',
  'signup.genericError': 'Sorry, something went wrong creating your account. Please try again soon.',

  'landing.title': 'Shutter',
  'landing.heading': 'Shutter',
  'landing.logIn': 'Log in',
  'landing.signUp': 'Sign up',

  'twoFactor.title': 'Two-factor authentication',

  'reset.title': 'Reset password',
  'reset.heading': 'Trouble logging in?',
  'reset.body': "Enter your email or username and we'll send you a link to get back into your account.",
  'reset.field': 'Email or username',
  'reset.submit': 'Send login link',
  'reset.backToLogin': 'Back to login',
  'reset.error': 'We could not send the link. Please try again.',
  'resetConfirm.title': 'Choose a new password',
  'resetConfirm.heading': 'Create a strong password',
  'resetConfirm.body': 'Your password must be at least {min} characters.',
  'resetConfirm.new1': 'New password',
  'resetConfirm.new2': 'Confirm new password',
  'resetConfirm.submit': 'Reset password',
  'resetConfirm.success': 'Your password has been reset. Log in with your new password.',
  'resetConfirm.invalidLink': 'This password reset link is invalid or has expired.',
  'resetConfirm.error': 'We could not reset your password. Please try again.',

  'password.title': 'Change password',
  'password.old': 'Old password',
  'password.new1': 'New password',
  'password.new2': 'Confirm new password',
  'password.submit': 'Change password',
  'password.success': 'Password changed.',
  'password.error': 'We could not change your password. Please try again.',
  'password.forgot': 'Forgot password?',

  'sessions.title': 'Login activity',
  'sessions.heading': 'Where you are logged in',
  'sessions.body': 'Review the devices logged into your account. Log out of any you do not recognise.',
  'sessions.activeNow': 'Active now',
  'sessions.lastActive': 'Last active {time}',
  'sessions.startedAt': 'Logged in {time}',
  'sessions.summary': '{browser} on {os}',
  'sessions.logOut': 'Log out',
  'sessions.logOutLabel': 'Log out of {browser} on {os} ({ip})',
  'sessions.thisDevice': 'This device',
  'sessions.empty': 'No logins to show.',
  'sessions.error': 'Your login activity could not be loaded.',
  'sessions.ended': 'Logged out of that session.',
  'sessions.endError': 'That session could not be logged out. Please try again.',
  'sessions.retry': 'Retry',

  'settings.nav': 'Settings',
  'settings.editProfile': 'Edit profile',

  'home.title': 'Home',
  'home.welcome': 'Welcome to Shutter',
  'home.welcomeBody': 'When you follow people, their photos and videos show up here.',
  'home.explore': 'Find people to follow',
  'home.suggestions': 'Suggestions for you',
  'home.viewerCard': 'Your account',

  'profile.posts': '{count} posts',
  'profile.followers': '{count} followers',
  'profile.following': '{count} following',
  'profile.postsShort': 'posts',
  'profile.followersShort': 'followers',
  'profile.followingShort': 'following',
  'profile.postsShortOne': 'post',
  'profile.followersShortOne': 'follower',
  'profile.followingShortOne': 'following',
  'profile.noPosts': 'No posts yet',
  'profile.noPostsBody': 'When photos and videos are shared, they will appear on this profile.',
  'profile.noSaved': 'Save',
  'profile.noSavedBody': 'Save photos and videos that you want to see again. Only you can see what you have saved.',
  'profile.noTagged': 'Photos of you',
  'profile.noTaggedBody': 'When people tag you in photos, they will appear here.',
  'profile.tabs': 'Profile sections',
  'profile.tabPosts': 'Posts',
  'profile.tabSaved': 'Saved',
  'profile.tabTagged': 'Tagged',
  'profile.tabChannel': 'Videos',
  'profile.noChannel': 'No long videos yet',
  'profile.noChannelBody': 'Longer videos shared to the channel will appear here.',
  'profile.private': 'This account is private',
  'profile.verified': 'Verified',
  'profile.editProfile': 'Edit profile',
  'profile.avatarAlt': "{username}'s profile picture",
  'profile.titleWithName': '{fullName} (@{username})',

  'avatar.default': 'Profile picture',

  'soon.badge': 'Coming soon',
  'soon.create.title': 'New post',
  'soon.create.body': 'Share a photo or video with your followers.',

  'notFound.title': 'Page not found',
  'notFound.heading': "Sorry, this page isn't available.",
  'notFound.body': 'The link you followed may be broken, or the page may have been removed.',
} as const;

/** Each area with many strings keeps them in a file of its own (posts, create), merged here. */
export const en = { ...coreEn, ...postsEn, ...postEditEn, ...twoFactorEn, ...captchaEn, ...oidcEn, ...createEn, ...graphEn, ...accountEn, ...discoverEn, ...serverEn, ...directoriesEn, ...placesEn, ...searchEn, ...hashtagsEn, ...exploreEn, ...directEn, ...storyRingEn, ...highlightsEn, ...storiesEn, ...storyCreateEn, ...legalEn, ...termsEn, ...signupStepsEn, ...loginCheckEn, ...contactsEn, ...oneTapEn, ...reportsEn, ...moderationEn, ...contactImportEn, ...connectedAppsEn, ...settingsPagesEn, ...leavingEn } as const;

export type MessageId = keyof typeof en;
