import { describe, expect, it } from 'vitest';
import { parseEdit } from './edit-input.js';

describe('parseEdit', () => {
  it('keeps only the fields sent: a field left out is no change, an empty one clears', () => {
    expect(parseEdit({ caption: '  hi #Sun  ' })).toEqual({ caption: { caption: 'hi #Sun', hashtags: ['sun'] } });
    expect(parseEdit({ location: '  ' })).toEqual({ place: null });
    expect(parseEdit({ location: ' Lisbon ' })).toEqual({ place: { name: 'Lisbon' } });
    expect(parseEdit({ location: 'typed', location_id: '42' })).toEqual({ place: { id: '42' } });
    expect(parseEdit({ custom_accessibility_caption: ' ' })).toEqual({ items: { form: 'single', edits: [{ alt: null }] } });
  });

  it('tags one person once per picture, at the first spot given', () => {
    const tags = [{ user_id: '11', position: [0.1, 0.2] }, { user_id: '11', position: [0.9, 0.9] }, { user_id: '12', position: [0, 1] }];
    expect(parseEdit({ usertags: JSON.stringify(tags) }).items?.edits[0]?.usertags).toEqual([{ user_id: '11', x: 0.1, y: 0.2 }, { user_id: '12', x: 0, y: 1 }]);
  });

  it('reads children_metadata as one entry per item, each with only what changes', () => {
    const edit = parseEdit({ children_metadata: [{}, { custom_accessibility_caption: 'b' }, { usertags: [] }] });
    expect(edit.items).toEqual({ form: 'children', edits: [{}, { alt: 'b' }, { usertags: [] }] });
  });

  it('refuses an empty edit, both item forms at once, and malformed lists', () => {
    expect(() => parseEdit({})).toThrow(/Nothing to change/);
    expect(() => parseEdit({ usertags: '[]', children_metadata: '[{}]' })).toThrow(/not both/);
    expect(() => parseEdit({ children_metadata: '[]' })).toThrow(/one entry per item/);
    expect(() => parseEdit({ usertags: '{"user_id":1}' })).toThrow(/usertags/);
  });
});
