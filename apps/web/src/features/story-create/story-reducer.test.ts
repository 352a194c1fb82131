import { describe, expect, it } from 'vitest';
import {
  isStoryCreatePath, STORY_BRUSHES, STORY_COLOURS, STORY_DEFAULT_BRUSH, STORY_DEFAULT_ENTRY_POINT, STORY_TEXT_DEFAULTS, STORY_TEXT_SCALE_GROWTH_CAP,
} from '@shutter/contract';
import { initialStoryCreation, storyReducer, strokesOf, STICKER_VARIANTS, type SourceMedia, type StoryAction, type StoryCreationState } from './story-reducer';
import { stickerMetadata } from './share-story';

const photo: SourceMedia = { kind: 'image', file: new Blob(['x']), name: 'p.jpg', url: 'blob:p', width: 1080, height: 1920, duration: 0 };
const run = (actions: StoryAction[], from: StoryCreationState = initialStoryCreation()) => actions.reduce(storyReducer, from);
const editing = () => run([{ type: 'sessionStarted', sessionId: 's1' }, { type: 'processed', source: photo }]);

describe('story creation state', () => {
  it('R-001-story-creation-1: story creation has the /create/story paths, the post flow the others', () => {
    expect(isStoryCreatePath('/create/story/')).toBe(true);
    expect(isStoryCreatePath('/create/story/edit/')).toBe(true);
    expect(isStoryCreatePath('/create/style/')).toBe(false);
    expect(isStoryCreatePath('/create/storyboard/')).toBe(false);
  });

  it('R-001-story-creation-2: leaving resets the creation state; R-001-story-creation-3: it keeps the cached sticker results', () => {
    const people = [{ id: '2', username: 'bob', full_name: 'Bob', profile_pic_url: '' }];
    let s = run([{ type: 'stickerResultsCached', query: 'bo', results: people }, { type: 'stickerAdd', id: 'a', content: { type: 'hashtag', name: 'sun' } }], editing());
    expect(s.items).toHaveLength(1);
    s = storyReducer(s, { type: 'reset' });
    expect(s.source).toBeNull();
    expect(s.items).toEqual([]);
    expect(s.phase).toBe('capture');
    expect(s.stickerResults).toEqual({ bo: people });
  });

  it('R-001-story-creation-4: upload ids and session ids start empty', () => {
    const s = initialStoryCreation();
    expect(s.sessionId).toBe('');
    expect(s.uploadId).toBe('');
  });

  it('R-001-story-creation-5: starting a session enters image processing, which ends when the photo or video is processed', () => {
    let s = storyReducer(initialStoryCreation(), { type: 'sessionStarted', sessionId: 's1' });
    expect(s.phase).toBe('processing');
    expect(s.sessionId).toBe('s1');
    s = storyReducer(s, { type: 'processed', source: { ...photo, kind: 'video', duration: 12 } });
    expect(s.phase).toBe('editing');
    expect(s.source?.kind).toBe('video');
    // A file that cannot be opened ends processing too, back to the capture screen.
    const failed = run([{ type: 'sessionStarted', sessionId: 's2' }, { type: 'processFailed', message: 'nope' }]);
    expect(failed.phase).toBe('capture');
    expect(failed.processError).toBe('nope');
  });

  it('R-001-story-creation-6: a text is added, edited, changed and saved', () => {
    let s = storyReducer(editing(), { type: 'textAdd', id: 't1' });
    expect(s.mode).toBe('text');
    expect(s.editingTextId).toBe('t1');
    s = run([{ type: 'textChange', rawText: '  Hello\n\n\n\nthere ' }, { type: 'textChange', colour: 'yellow' }, { type: 'textSave' }], s);
    expect(s.mode).toBe('none');
    expect(s.items[0]).toMatchObject({ kind: 'text', rawText: '  Hello\n\n\n\nthere ', renderText: 'Hello\n\nthere', colour: 'yellow' });
    s = run([{ type: 'textEdit', id: 't1' }, { type: 'textChange', rawText: 'Bye' }, { type: 'textSave' }], s);
    expect(s.items[0]).toMatchObject({ renderText: 'Bye' });
  });

  it('R-001-story-creation-7: saving a text with empty text removes the item', () => {
    const s = run([{ type: 'textAdd', id: 't1' }, { type: 'textChange', rawText: ' \n ' }, { type: 'textSave' }], editing());
    expect(s.items).toEqual([]);
    const edited = run([{ type: 'textAdd', id: 't2' }, { type: 'textChange', rawText: 'hi' }, { type: 'textSave' }, { type: 'textEdit', id: 't2' }, { type: 'textChange', rawText: '' }, { type: 'textSave' }], editing());
    expect(edited.items).toEqual([]);
  });

  it('R-001-story-creation-8: drawing edits, starts strokes, adds lines, undoes and saves; R-001-story-creation-9: lines are curve, dot and end', () => {
    let s = storyReducer(editing(), { type: 'mode', mode: 'draw' });
    expect(s.mode).toBe('draw');
    s = run([
      { type: 'drawStart' }, { type: 'drawLine', lineType: 'curve', x: 0.1, y: 0.1 }, { type: 'drawLine', lineType: 'curve', x: 0.2, y: 0.2 }, { type: 'drawLine', lineType: 'end', x: 0.3, y: 0.3 },
      { type: 'drawStart' }, { type: 'drawLine', lineType: 'curve', x: 0.5, y: 0.5 }, { type: 'drawLine', lineType: 'dot', x: 0.5, y: 0.5 },
    ], s);
    expect(s.drawing.startIndexes).toEqual([0, 3]);
    expect(s.drawing.lines.map((l) => l.type)).toEqual(['curve', 'curve', 'end', 'curve', 'dot']);
    expect(strokesOf(s.drawing)).toHaveLength(2);
    s = storyReducer(s, { type: 'drawUndo' });
    expect(s.drawing.lines).toHaveLength(3);
    expect(s.drawing.startIndexes).toEqual([0]);
    s = storyReducer(s, { type: 'drawSave' });
    expect(s.mode).toBe('none');
    expect(s.drawing.lines).toHaveLength(3);
    // Lines are only drawn while drawing.
    expect(storyReducer(s, { type: 'drawLine', lineType: 'curve', x: 0, y: 0 })).toBe(s);
  });

  it('R-001-story-creation-10: stickers are added, moved, transformed (cos, sin, scale), reordered, variant-toggled and deleted', () => {
    let s = run([
      { type: 'stickerAdd', id: 'a', content: { type: 'hashtag', name: 'sun' } },
      { type: 'stickerAdd', id: 'b', content: { type: 'emoji', emoji: '🔥' } },
    ], editing());
    expect(s.items.map((i) => i.id)).toEqual(['a', 'b']);
    s = run([{ type: 'stickerMove', id: 'a', x: 0.2, y: 1.4, overTrash: false }, { type: 'stickerDrop', id: 'a' }], s);
    expect(s.items[0]).toMatchObject({ x: 0.2, y: 1 });
    s = storyReducer(s, { type: 'stickerTransform', id: 'a', transform: { cos: 0, sin: 2, scale: 2 } });
    expect(s.items[0]!.transform).toEqual({ cos: 0, sin: 1, scale: 2 });
    s = storyReducer(s, { type: 'stickerReorder', id: 'a' });
    expect(s.items.map((i) => i.id)).toEqual(['b', 'a']);
    s = storyReducer(s, { type: 'stickerToggleVariant', id: 'a' });
    expect(s.items[1]).toMatchObject({ variant: 1 });
    s = storyReducer(s, { type: 'stickerDelete', id: 'b' });
    expect(s.items.map((i) => i.id)).toEqual(['a']);
  });

  it('R-001-story-creation-11: toggling a sticker variant cycles through its variants', () => {
    let s = storyReducer(editing(), { type: 'stickerAdd', id: 'a', content: { type: 'mention', userId: '2', username: 'bob' } });
    const seen: number[] = [];
    for (let i = 0; i <= STICKER_VARIANTS.mention; i += 1) {
      seen.push((s.items[0] as { variant: number }).variant);
      s = storyReducer(s, { type: 'stickerToggleVariant', id: 'a' });
    }
    expect(seen).toEqual([0, 1, 2, 0]);
  });

  it('R-001-story-creation-12: moving a sticker tracks whether it is over the trash, and dropping it there deletes it', () => {
    let s = storyReducer(editing(), { type: 'stickerAdd', id: 'a', content: { type: 'time', text: '9:41' } });
    s = storyReducer(s, { type: 'stickerMove', id: 'a', x: 0.5, y: 0.9, overTrash: true });
    expect(s.moving).toEqual({ id: 'a', overTrash: true });
    s = storyReducer(s, { type: 'stickerMove', id: 'a', x: 0.5, y: 0.7, overTrash: false });
    expect(s.moving).toEqual({ id: 'a', overTrash: false });
    const kept = storyReducer(s, { type: 'stickerDrop', id: 'a' });
    expect(kept.items).toHaveLength(1);
    expect(kept.moving).toBeNull();
    const gone = run([{ type: 'stickerMove', id: 'a', x: 0.5, y: 0.92, overTrash: true }, { type: 'stickerDrop', id: 'a' }], s);
    expect(gone.items).toEqual([]);
  });

  it('R-001-story-creation-13: an exit attempt can be confirmed or cancelled', () => {
    const s = run([{ type: 'stickerAdd', id: 'a', content: { type: 'hashtag', name: 'sun' } }, { type: 'exitAttempt' }], editing());
    expect(s.exitPrompt).toBe(true);
    const cancelled = storyReducer(s, { type: 'exitCancel' });
    expect(cancelled.exitPrompt).toBe(false);
    expect(cancelled.items).toHaveLength(1);
    const confirmed = storyReducer(s, { type: 'exitConfirm' });
    expect(confirmed.exitPrompt).toBe(false);
    expect(confirmed.source).toBeNull();
    expect(confirmed.items).toEqual([]);
  });

  it('R-001-story-creation-14: requesting an entry point keeps all but the last two entries of its history', () => {
    let s = run([
      { type: 'entryPointOpened', entryPoint: 'quick_camera_button' },
      { type: 'entryPointOpened', entryPoint: 'gallery' },
      { type: 'entryPointOpened', entryPoint: 'quick_camera_button' },
    ]);
    expect(s.entryPointHistory).toEqual(['quick_camera_button', 'gallery', 'quick_camera_button']);
    s = run([{ type: 'sessionStarted', sessionId: 's' }, { type: 'processed', source: photo }, { type: 'entryPointRequested', entryPoint: 'gallery' }], s);
    expect(s.entryPointHistory).toEqual(['quick_camera_button']);
    expect(s.entryPoint).toBe('gallery');
    expect(s.phase).toBe('capture');
  });

  it('R-001-story-creation-15: the brush size stays between 1 and 22; R-001-story-creation-16: it starts at 10', () => {
    expect(initialStoryCreation().brushSize).toBe(10);
    expect(storyReducer(initialStoryCreation(), { type: 'brushSize', size: 40 }).brushSize).toBe(22);
    expect(storyReducer(initialStoryCreation(), { type: 'brushSize', size: 0 }).brushSize).toBe(1);
    expect(storyReducer(initialStoryCreation(), { type: 'brushSize', size: 7 }).brushSize).toBe(7);
  });

  it('R-001-story-creation-17: the default brush is marker; R-001-story-creation-18: the brushes are magic, marker, eraser and chisel', () => {
    expect(STORY_DEFAULT_BRUSH).toBe('marker');
    expect(initialStoryCreation().brush).toBe('marker');
    expect(STORY_BRUSHES).toEqual(['magic', 'marker', 'eraser', 'chisel']);
    const s = run([{ type: 'mode', mode: 'draw' }, { type: 'brush', brush: 'eraser' }, { type: 'drawStart' }, { type: 'drawLine', lineType: 'dot', x: 0.5, y: 0.5 }], editing());
    expect(s.drawing.lines[0]).toMatchObject({ brush: 'eraser', size: 10 });
  });

  it('R-001-story-creation-19: text scale is capped just under 52/22 minus 1 of growth', () => {
    expect(STORY_TEXT_SCALE_GROWTH_CAP).toBeLessThan(52 / 22 - 1);
    expect(STORY_TEXT_SCALE_GROWTH_CAP).toBeGreaterThan(52 / 22 - 1 - 0.01);
    let s = run([{ type: 'textAdd', id: 't' }, { type: 'textChange', rawText: 'big' }, { type: 'textSave' }], editing());
    s = storyReducer(s, { type: 'stickerTransform', id: 't', transform: { cos: 1, sin: 0, scale: 9 } });
    const scale = s.items[0]!.transform.scale;
    expect(scale).toBe(1 + STORY_TEXT_SCALE_GROWTH_CAP);
    expect(22 * scale).toBeLessThan(52);
    // Stickers are not held to the text's cap.
    const sticker = run([{ type: 'stickerAdd', id: 'a', content: { type: 'emoji', emoji: '🔥' } }, { type: 'stickerTransform', id: 'a', transform: { cos: 1, sin: 0, scale: 3 } }], editing());
    expect(sticker.items[0]!.transform.scale).toBe(3);
  });

  it('R-001-story-creation-20: a new text is 22 points, white and semibold; R-001-story-creation-21: its shadow is translucent grey, offset y 1, blur 2', () => {
    const s = storyReducer(editing(), { type: 'textAdd', id: 't' });
    expect(s.items[0]).toMatchObject({ fontSize: 22, colour: 'white' });
    expect(STORY_TEXT_DEFAULTS.fontWeight).toBe(600);
    const shadow = (s.items[0] as { shadow: { colour: string; offsetX: number; offsetY: number; blur: number } }).shadow;
    expect(shadow).toMatchObject({ offsetX: 0, offsetY: 1, blur: 2 });
    expect(shadow.colour).toMatch(/^rgba\((\d+), \1, \1, 0\.\d+\)$/);
  });

  it('R-001-story-creation-22: the colours are yellow, orange, pink, purple, blue, green, black, white', () => {
    expect(STORY_COLOURS.map((c) => c.name)).toEqual(['yellow', 'orange', 'pink', 'purple', 'blue', 'green', 'black', 'white']);
  });

  it('R-001-story-creation-23: the default entry point is the quick camera button', () => {
    expect(STORY_DEFAULT_ENTRY_POINT).toBe('quick_camera_button');
    expect(initialStoryCreation().entryPoint).toBe('quick_camera_button');
  });
});

describe('sharing a story', () => {
  it('a change after the upload needs a new upload; a retry with nothing changed re-uses it', () => {
    let s = run([{ type: 'shareStart', audience: 'besties' }, { type: 'uploadProgress', progress: 0.5 }], editing());
    expect(s.share).toMatchObject({ status: 'uploading', progress: 0.5, audience: 'besties' });
    s = run([{ type: 'staged', uploadId: 'u1' }, { type: 'shareFailed', message: 'offline' }], s);
    expect(s.share).toMatchObject({ status: 'failed', error: 'offline' });
    expect(s.uploadId).toBe('u1');
    expect(storyReducer(s, { type: 'shareStart', audience: 'besties' }).share.status).toBe('configuring');
    const changed = storyReducer(s, { type: 'stickerAdd', id: 'a', content: { type: 'hashtag', name: 'sun' } });
    expect(changed.uploadId).toBe('');
    expect(storyReducer(changed, { type: 'shareStart', audience: 'everyone' }).share.status).toBe('uploading');
  });

  it('stickers are sent with what they link to and where they sit, texts are not', () => {
    const s = run([
      { type: 'textAdd', id: 't' }, { type: 'textChange', rawText: 'hi' }, { type: 'textSave' },
      { type: 'stickerAdd', id: 'm', content: { type: 'mention', userId: '7', username: 'bob' } },
      { type: 'stickerAdd', id: 'h', content: { type: 'hashtag', name: 'sun' } },
      { type: 'stickerTransform', id: 'h', transform: { cos: 0, sin: 1, scale: 2 } },
    ], editing());
    const sent = stickerMetadata(s.items, () => ({ width: 90, height: 32 }));
    expect(sent).toEqual([
      { type: 'mention', user_id: '7', x: 0.5, y: 0.5, width: 0.25, height: 0.05, rotation: 0 },
      { type: 'hashtag', name: 'sun', x: 0.5, y: 0.58, width: 0.5, height: 0.1, rotation: 1.5708 },
    ]);
  });
});
