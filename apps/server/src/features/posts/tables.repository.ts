import { tableAs } from '../../db/table-ref.js';

/**
 * This area's tables, lent to other areas' queries under an alias of their choosing. Apart from
 * the statements, so that an area whose writes the posts' transactions call (hashtags) can lend
 * itself these without an import cycle.
 */
export const mediaAs = tableAs('media');
export const mediaItemsAs = tableAs('media_items');
export const usertagsAs = tableAs('usertags');
export const savesAs = tableAs('saves');
