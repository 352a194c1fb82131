import { describe, expect, it } from 'vitest';
import { createRememberedVisibility } from '../src/features/access/remembered-visibility.js';
import { createSummaryCaches } from '../src/platform/summary-cache.js';
import { quiet } from './helpers/summary-source.js';

const VIEWER = '1';
const OWNER = '2';
const OTHER_OWNER = '3';

function remembering() {
  const verdicts = createRememberedVisibility(createSummaryCaches({ prefix: 'unit', log: quiet }));
  verdicts.remember(VIEWER, verdicts.ticket(), [{ id: '10', owner_id: OWNER }, { id: '20', owner_id: OTHER_OWNER }]);
  return verdicts;
}

describe('the verdicts the access rules remember for answers kept ready', () => {
  it('answers for posts remembered visible, and for no other', () => {
    const verdicts = remembering();
    expect(verdicts.allVisible(VIEWER, ['10', '20'])).toBe(true);
    expect(verdicts.allVisible(VIEWER, ['10', '30'])).toBe(false);
    expect(verdicts.allVisible(OWNER, ['10'])).toBe(false);
  });

  it('forgets the viewer\'s verdicts when the viewer writes (a block, an unfollow, a tag removed)', async () => {
    const verdicts = remembering();
    await verdicts.wrote(VIEWER);
    expect(verdicts.allVisible(VIEWER, ['20'])).toBe(false);
  });

  it('forgets every verdict about an owner\'s posts when the owner writes (private, a block, a post removed)', async () => {
    const verdicts = remembering();
    verdicts.remember('4', verdicts.ticket(), [{ id: '10', owner_id: OWNER }]);
    await verdicts.wrote(OWNER);
    expect(verdicts.allVisible(VIEWER, ['10'])).toBe(false);
    expect(verdicts.allVisible('4', ['10'])).toBe(false);
  });

  it('keeps them through a stranger\'s write, and forgets all of them on a moderator\'s', async () => {
    const verdicts = remembering();
    await verdicts.wrote('99');
    expect(verdicts.allVisible(VIEWER, ['10', '20'])).toBe(true);
    await verdicts.everyone();
    expect(verdicts.allVisible(VIEWER, ['10'])).toBe(false);
  });

  it('does not remember a verdict read before a write it may predate', async () => {
    const verdicts = createRememberedVisibility(createSummaryCaches({ prefix: 'unit', log: quiet }));
    const ticket = verdicts.ticket();
    await verdicts.wrote(OWNER);
    verdicts.remember(VIEWER, ticket, [{ id: '10', owner_id: OWNER }]);
    expect(verdicts.allVisible(VIEWER, ['10'])).toBe(false);
  });
});

describe('the people the access rules remember as there for a viewer', () => {
  it('answers for people remembered, until the viewer, one of them or a moderator writes', async () => {
    const verdicts = createRememberedVisibility(createSummaryCaches({ prefix: 'unit', log: quiet }));
    verdicts.remember(VIEWER, verdicts.ticket(), [], [OWNER, OTHER_OWNER]);
    expect(verdicts.allThere(VIEWER, [OWNER, OTHER_OWNER, VIEWER])).toBe(true);
    expect(verdicts.allThere(VIEWER, [OWNER, '5'])).toBe(false);
    await verdicts.wrote('99');
    expect(verdicts.allThere(VIEWER, [OWNER])).toBe(true);
    await verdicts.wrote(OWNER);
    expect(verdicts.allThere(VIEWER, [OWNER])).toBe(false);
    verdicts.remember(VIEWER, verdicts.ticket(), [], [OTHER_OWNER]);
    await verdicts.wrote(VIEWER);
    expect(verdicts.allThere(VIEWER, [OTHER_OWNER])).toBe(false);
    verdicts.remember(VIEWER, verdicts.ticket(), [], [OWNER]);
    await verdicts.everyone();
    expect(verdicts.allThere(VIEWER, [OWNER])).toBe(false);
  });
});
