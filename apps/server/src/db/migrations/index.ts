import type { Migration } from 'kysely/migration';
import * as m20261122000000 from './20261122000000-accounts.js';
import * as m20261122010000 from './20261122010000-posts.js';
import * as m20261122020000 from './20261122020000-graph.js';
import * as m20261122030000 from './20261122030000-media-owner-status.js';
import * as m20261122040000 from './20261122040000-profile-activity.js';
import * as m20261122050000 from './20261122050000-usertag-review.js';
import * as m20261123000000 from './20261123000000-upload-hygiene.js';
import * as m20261123010000 from './20261123010000-place-posts.js';
import * as m20261123020000 from './20261123020000-timelines.js';
import * as m20261123030000 from './20261123030000-follow-counts.js';
import * as m20261124000000 from './20261124000000-text-search.js';
import * as m20261124010000 from './20261124010000-search.js';
import * as m20261124020000 from './20261124020000-places.js';
import * as m20261124030000 from './20261124030000-hashtags.js';
import * as m20261124040000 from './20261124040000-explore.js';
import * as m20261125000000 from './20261125000000-direct.js';
import * as m20261125010000 from './20261125010000-direct-uploads.js';
import * as m20261126000000 from './20261126000000-stories.js';
import * as m20261126010000 from './20261126010000-story-core.js';
import * as m20261126020000 from './20261126020000-story-reads.js';
import * as m20261127000000 from './20261127000000-server-keys.js';
import * as m20261127030000 from './20261127030000-upload-frame-pixels.js';
import * as m20261127040000 from './20261127040000-hashtag-public-counts.js';
import * as m20261128000000 from './20261128000000-usertag-review-setting.js';
import * as m20261128010000 from './20261128010000-location-area-counts.js';
import * as m20261129000000 from './20261129000000-two-factor.js';
import * as m20261129010000 from './20261129010000-contact-confirmation.js';
import * as m20261129020000 from './20261129020000-oidc-identities.js';
import * as m20261129030000 from './20261129030000-signup-steps.js';
import * as m20261130000000 from './20261130000000-two-factor-sms.js';
import * as m20261130010000 from './20261130010000-terms-acceptance.js';
import * as m20261130020000 from './20261130020000-one-tap.js';
import * as m20261201000000 from './20261201000000-reports.js';
import * as m20261201010000 from './20261201010000-moderation.js';
import * as m20261202000000 from './20261202000000-account-settings.js';
import * as m20261202010000 from './20261202010000-connected-apps.js';
import * as m20261202020000 from './20261202020000-contact-imports.js';
import * as m20261202030000 from './20261202030000-account-departures.js';

/** Every migration, by timestamped name. `npm run migration:new -- name` adds a file and a line here. */
export const migrations: Record<string, Migration> = {
  '20261122000000-accounts': m20261122000000,
  '20261122010000-posts': m20261122010000,
  '20261122020000-graph': m20261122020000,
  '20261122030000-media-owner-status': m20261122030000,
  '20261122040000-profile-activity': m20261122040000,
  '20261122050000-usertag-review': m20261122050000,
  '20261123000000-upload-hygiene': m20261123000000,
  '20261123010000-place-posts': m20261123010000,
  '20261123020000-timelines': m20261123020000,
  '20261123030000-follow-counts': m20261123030000,
  '20261124000000-text-search': m20261124000000,
  '20261124010000-search': m20261124010000,
  '20261124020000-places': m20261124020000,
  '20261124030000-hashtags': m20261124030000,
  '20261124040000-explore': m20261124040000,
  '20261125000000-direct': m20261125000000,
  '20261125010000-direct-uploads': m20261125010000,
  '20261126000000-stories': m20261126000000,
  '20261126010000-story-core': m20261126010000,
  '20261126020000-story-reads': m20261126020000,
  '20261127000000-server-keys': m20261127000000,
  '20261127030000-upload-frame-pixels': m20261127030000,
  '20261127040000-hashtag-public-counts': m20261127040000,
  '20261128000000-usertag-review-setting': m20261128000000,
  '20261128010000-location-area-counts': m20261128010000,
  '20261129000000-two-factor': m20261129000000,
  '20261129010000-contact-confirmation': m20261129010000,
  '20261129020000-oidc-identities': m20261129020000,
  '20261129030000-signup-steps': m20261129030000,
  '20261130000000-two-factor-sms': m20261130000000,
  '20261130010000-terms-acceptance': m20261130010000,
  '20261130020000-one-tap': m20261130020000,
  '20261201000000-reports': m20261201000000,
  '20261201010000-moderation': m20261201010000,
  '20261202000000-account-settings': m20261202000000,
  '20261202010000-connected-apps': m20261202010000,
  '20261202020000-contact-imports': m20261202020000,
  '20261202030000-account-departures': m20261202030000,
};
