import { tableAs } from '../../db/table-ref.js';

/** This area's tables, lent to other areas' queries under an alias of their choosing. */
export const usersAs = tableAs('users');
