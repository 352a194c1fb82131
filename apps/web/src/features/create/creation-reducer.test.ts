import { describe, expect, it } from 'vitest';
import { MAX_USERTAGS } from '@shutter/contract';
import { creationReducer, hasUnsavedWork, initialCreation, uploadIdOf, type CreationAction, type CreationSession, type NewItem } from './creation-reducer';
import { configureRequest, makeUploadId, UPLOAD_ID_PATTERN } from './share-request';

const item = (key: string, width = 4000, height = 3000, kind: 'image' | 'video' = 'image'): NewItem => ({
  key,
  kind,
  baseUploadId: `${key}-id`,
  source: { file: new Blob(['x']), name: `${key}.jpg`, url: `blob:${key}`, width, height },
});

const run = (actions: CreationAction[], from = initialCreation()) => actions.reduce(creationReducer, from);
const processed = (...items: NewItem[]) => run([{ type: 'start', sessionId: 's1' }, { type: 'processed', items }]);
const user = (id: string) => ({ id, username: `u${id}`, full_name: '' });

describe('creation reducer', () => {
  it('R-000-creation-1: a session goes started, processed, staged (upload id), finalized', () => {
    let s = run([{ type: 'start', sessionId: 's1' }]);
    expect(s.phase).toBe('sessionStarted');
    expect(s.sessionId).toBe('s1');
    s = creationReducer(s, { type: 'processed', items: [item('a')] });
    expect(s.phase).toBe('processed');
    s = run([{ type: 'shareStart' }, { type: 'uploadProgress', progress: 0.5 }], s);
    expect(s.share).toMatchObject({ status: 'uploading', progress: 0.5 });
    s = creationReducer(s, { type: 'staged', key: 'a', uploadId: 'a-id' });
    expect(s.phase).toBe('staged');
    expect(s.items[0]!.stagedImage).toEqual({ uploadId: 'a-id' });
    expect(s.share.status).toBe('configuring');
    s = creationReducer(s, { type: 'finalized', shortcode: 'ABC', processing: false, ownerUsername: 'alice' });
    expect(s.phase).toBe('finalized');
    expect(s.result?.shortcode).toBe('ABC');
    expect(hasUnsavedWork(s)).toBe(false);
  });

  it('R-000-creation-1: it cannot be finalized before every file is staged, nor processed before it started', () => {
    const s = processed(item('a'), item('b'));
    const one = run([{ type: 'shareStart' }, { type: 'staged', key: 'a', uploadId: 'a-id' }], s);
    expect(one.phase).toBe('processed');
    expect(creationReducer(one, { type: 'finalized', shortcode: 'X', processing: false, ownerUsername: 'a' }).phase).toBe('processed');
    expect(creationReducer(initialCreation(), { type: 'processed', items: [item('a')] }).phase).toBe('idle');
  });

  it('R-000-creation-2: creationMode defaults to post', () => {
    expect(initialCreation().creationMode).toBe('post');
    expect(run([{ type: 'start', sessionId: 's' }]).creationMode).toBe('post');
  });

  it('R-000-creation-3: each processed picture starts with the normal filter at strength 1', () => {
    const s = processed(item('a'));
    expect(s.items[0]!.filter).toEqual({ name: 'normal', strength: 1 });
    const f = run([{ type: 'filter', name: 'clarendon' }, { type: 'strength', strength: 0.4 }], s);
    expect(f.items[0]!.filter).toEqual({ name: 'clarendon', strength: 0.4 });
    expect(creationReducer(f, { type: 'filter', name: 'moon' }).items[0]!.filter).toEqual({ name: 'moon', strength: 1 });
  });

  it('R-000-creation-4: each processed picture starts with a centred square on its shorter side', () => {
    const s = processed(item('a', 4000, 3000), item('b', 1000, 2000));
    expect(s.items[0]!.croppedImage).toMatchObject({ offsetLeft: 500, offsetTop: 0 });
    expect(s.items[1]!.croppedImage).toMatchObject({ offsetLeft: 0, offsetTop: 500 });
  });

  it('R-000-creation-5: a portrait picture starts at scaleFactor 1', () => {
    expect(processed(item('a', 1000, 2000)).items[0]!.croppedImage.scaleFactor).toBe(1);
  });

  it('R-000-creation-6: a landscape picture starts at scaleFactor = its aspect ratio', () => {
    expect(processed(item('a', 4000, 3000)).items[0]!.croppedImage.scaleFactor).toBeCloseTo(4 / 3);
  });

  it('a picture changed after it was uploaded gets a new upload id; a retry re-uses the ids otherwise', () => {
    let s = run([{ type: 'shareStart' }, { type: 'staged', key: 'a', uploadId: 'a-id' }, { type: 'shareFailed', message: 'oops' }], processed(item('a'), item('b')));
    expect(s.share).toMatchObject({ status: 'failed', error: 'oops' });
    expect(uploadIdOf(s.items[0]!)).toBe('a-id');
    s = creationReducer(s, { type: 'mirror' });
    expect(s.items[0]!.stagedImage).toBeNull();
    expect(uploadIdOf(s.items[0]!)).toBe('a-id_1');
    expect(uploadIdOf(s.items[1]!)).toBe('b-id');
    // A late answer for the old picture does not stage the new one.
    expect(creationReducer(s, { type: 'staged', key: 'a', uploadId: 'a-id' }).items[0]!.stagedImage).toBeNull();
  });

  it('ignores edits while sharing', () => {
    const s = run([{ type: 'shareStart' }], processed(item('a')));
    expect(run([{ type: 'caption', text: 'x' }, { type: 'rotate' }], s)).toBe(s);
  });

  it(`keeps at most ${MAX_USERTAGS} tags per picture, one per person, positions within 0..1`, () => {
    let s: CreationSession = processed(item('a'));
    for (let i = 0; i < MAX_USERTAGS + 3; i += 1) s = creationReducer(s, { type: 'addTag', tag: { user: user(String(i)), x: 2, y: -1 } });
    expect(s.items[0]!.usertags).toHaveLength(MAX_USERTAGS);
    expect(s.items[0]!.usertags[0]).toMatchObject({ x: 1, y: 0 });
    s = creationReducer(s, { type: 'addTag', tag: { user: user('0'), x: 0.5, y: 0.5 } });
    expect(s.items[0]!.usertags.filter((t) => t.user.id === '0')).toEqual([{ user: user('0'), x: 0.5, y: 0.5 }]);
    s = creationReducer(s, { type: 'removeTag', userId: '0' });
    expect(s.items[0]!.usertags).toHaveLength(MAX_USERTAGS - 1);
  });

  it('changing the aspect recentres every picture to cover the new frame', () => {
    const s = creationReducer(processed(item('a', 2000, 1000), item('b', 1000, 2000)), { type: 'aspect', aspect: 'portrait' });
    expect(s.items[0]!.croppedImage.scaleFactor).toBeCloseTo(2.5);
    // the whole height of the wide picture, centred: no band above or below
    expect(s.items[0]!.croppedImage.offsetLeft).toBeCloseTo(600);
    expect(s.items[0]!.croppedImage.offsetTop).toBeCloseTo(0);
    expect(s.items[1]!.croppedImage.scaleFactor).toBe(1);
    expect(s.items[1]!.croppedImage.offsetTop).toBeCloseTo(375);
  });
});

describe('share requests', () => {
  it('upload ids are Date.now() followed by random digits, within the server pattern', () => {
    const id = makeUploadId(1_700_000_000_000, () => 0.123);
    expect(id).toBe('1700000000000123000000');
    expect(makeUploadId()).toMatch(UPLOAD_ID_PATTERN);
    expect(makeUploadId()).toMatch(/^\d{22}$/);
  });

  it('one picture configures a post with its tags and alt text', () => {
    let s = processed(item('a'));
    s = run([{ type: 'caption', text: 'Hi #sun' }, { type: 'location', text: ' Lisbon ' }, { type: 'altText', text: 'A beach' }, { type: 'addTag', tag: { user: user('7'), x: 0.25, y: 0.5 } }], s);
    expect(configureRequest(s)).toEqual({
      carousel: false,
      fields: { upload_id: 'a-id', caption: 'Hi #sun', location: 'Lisbon', custom_accessibility_caption: 'A beach', usertags: '[{"user_id":"7","position":[0.25,0.5]}]' },
    });
  });

  it('a place picked from location search goes by its id; typing again makes it a typed name', () => {
    let s = run([{ type: 'place', id: '2267057', name: 'Lisbon' }], processed(item('a')));
    expect(s.finalizedMedia).toMatchObject({ geoTag: 'Lisbon', locationId: '2267057' });
    expect(configureRequest(s).fields).toMatchObject({ location_id: '2267057' });
    expect(configureRequest(s).fields.location).toBeUndefined();
    s = run([{ type: 'location', text: 'Lisbon docks' }], s);
    expect(s.finalizedMedia.locationId).toBeNull();
    expect(configureRequest(s).fields).toMatchObject({ location: 'Lisbon docks' });
    expect(configureRequest(run([{ type: 'place', id: '9', name: 'Porto' }], processed(item('a'), item('b')))).fields).toMatchObject({ location_id: '9' });
  });

  it('two to ten pictures configure a carousel with children_metadata', () => {
    const s = processed(item('a'), item('b'));
    const req = configureRequest(s);
    expect(req.carousel).toBe(true);
    expect(JSON.parse(String(req.fields.children_metadata))).toEqual([
      { upload_id: 'a-id', usertags: [], custom_accessibility_caption: '' },
      { upload_id: 'b-id', usertags: [], custom_accessibility_caption: '' },
    ]);
  });
});
