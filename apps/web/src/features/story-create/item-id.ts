let nextId = 0;

/** An id for a new item of the frame, unique in this page. */
export const newItemId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(nextId += 1)}`;
