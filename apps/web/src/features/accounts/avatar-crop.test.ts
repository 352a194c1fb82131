import { describe, expect, it } from 'vitest';
import {
  MAX_AVATAR_ZOOM,
  avatarFileName,
  avatarOutputSide,
  avatarPlacement,
  avatarSquare,
  avatarZoom,
  initialAvatarCrop,
  moveAvatar,
  pixelsPerScreenPixel,
  zoomAvatar,
} from './avatar-crop';

const wide = { width: 2000, height: 1000 };
const tall = { width: 600, height: 900 };

/** The square lies inside the picture, so the circle inscribed in it is always covered. */
function expectCovered(crop: ReturnType<typeof initialAvatarCrop>, size: { width: number; height: number }) {
  const s = avatarSquare(crop, size);
  expect(s.x).toBeGreaterThanOrEqual(0);
  expect(s.y).toBeGreaterThanOrEqual(0);
  expect(s.x + s.side).toBeLessThanOrEqual(size.width + 1e-9);
  expect(s.y + s.side).toBeLessThanOrEqual(size.height + 1e-9);
}

describe('initialAvatarCrop', () => {
  it('starts with the centred square on the short side at zoom 1', () => {
    expect(avatarSquare(initialAvatarCrop(wide), wide)).toEqual({ x: 500, y: 0, side: 1000 });
    expect(avatarSquare(initialAvatarCrop(tall), tall)).toEqual({ x: 0, y: 150, side: 600 });
    expect(avatarZoom(initialAvatarCrop(wide), wide)).toBe(1);
    expect(avatarZoom(initialAvatarCrop(tall), tall)).toBe(1);
  });
});

describe('zoomAvatar', () => {
  it('zooms around the centre of the circle', () => {
    const zoomed = zoomAvatar(initialAvatarCrop(wide), wide, 2);
    expect(avatarZoom(zoomed, wide)).toBe(2);
    expect(avatarSquare(zoomed, wide)).toEqual({ x: 750, y: 250, side: 500 });
  });

  it('keeps the zoom between 1x and 4x', () => {
    const start = initialAvatarCrop(tall);
    expect(avatarZoom(zoomAvatar(start, tall, 10), tall)).toBe(MAX_AVATAR_ZOOM);
    expect(avatarZoom(zoomAvatar(start, tall, 0.2), tall)).toBe(1);
    expect(avatarSquare(zoomAvatar(start, tall, 4), tall).side).toBe(150);
  });

  it('zooming out near an edge pulls the square back inside the picture', () => {
    const inCorner = moveAvatar(zoomAvatar(initialAvatarCrop(wide), wide, 4), wide, 5000, 5000);
    expect(avatarSquare(inCorner, wide)).toEqual({ x: 0, y: 0, side: 250 });
    const out = zoomAvatar(inCorner, wide, 1.5);
    expectCovered(out, wide);
    expect(avatarSquare(out, wide).y).toBe(0);
  });
});

describe('moveAvatar', () => {
  it('moves the picture: dragging it right shows more of its left', () => {
    const start = initialAvatarCrop(wide);
    expect(avatarSquare(moveAvatar(start, wide, 100, 0), wide).x).toBe(400);
    expect(avatarSquare(moveAvatar(start, wide, -100, 0), wide).x).toBe(600);
  });

  it('clamps the offsets so no empty space gets into the circle', () => {
    const start = initialAvatarCrop(wide);
    expect(avatarSquare(moveAvatar(start, wide, 5000, 0), wide).x).toBe(0);
    expect(avatarSquare(moveAvatar(start, wide, -5000, 0), wide).x).toBe(1000);
    // At zoom 1 the short side exactly fits: no vertical room at all.
    expect(avatarSquare(moveAvatar(start, wide, 0, 300), wide).y).toBe(0);
    const zoomed = zoomAvatar(start, wide, 2);
    expect(avatarSquare(moveAvatar(zoomed, wide, 0, -5000), wide)).toEqual({ x: 750, y: 500, side: 500 });
  });

  it('stays covered whatever the moves and zooms', () => {
    let crop = initialAvatarCrop(tall);
    const steps: [number, number, number][] = [
      [3, 40, -80],
      [1.2, -900, 20],
      [4, 300, 300],
      [2.5, -10, -900],
      [1, 77, 12],
    ];
    for (const [zoom, dx, dy] of steps) {
      crop = moveAvatar(zoomAvatar(crop, tall, zoom), tall, dx, dy);
      expectCovered(crop, tall);
    }
  });
});

describe('screen and output', () => {
  it('converts screen pixels to picture pixels for the circle size', () => {
    expect(pixelsPerScreenPixel(initialAvatarCrop(wide), wide, 320)).toBeCloseTo(1000 / 320);
    expect(pixelsPerScreenPixel(zoomAvatar(initialAvatarCrop(wide), wide, 4), wide, 250)).toBe(1);
    expect(pixelsPerScreenPixel(initialAvatarCrop(wide), wide, 0)).toBe(0);
  });

  it('places the picture relative to the circle box in percent', () => {
    expect(avatarPlacement(initialAvatarCrop(wide), wide)).toEqual({ left: -50, top: 0, width: 200 });
    expect(avatarPlacement(zoomAvatar(initialAvatarCrop(tall), tall, 2), tall)).toEqual({ left: -50, top: -100, width: 200 });
  });

  it('outputs 640 px, or the short side when the picture is smaller', () => {
    expect(avatarOutputSide({ width: 4000, height: 3000 })).toBe(640);
    expect(avatarOutputSide({ width: 500, height: 400 })).toBe(400);
    expect(avatarOutputSide({ width: 640, height: 900 })).toBe(640);
  });

  it('names the upload like the original with .jpg', () => {
    expect(avatarFileName('me.png')).toBe('me.jpg');
    expect(avatarFileName('holiday.photo.JPEG')).toBe('holiday.photo.jpg');
    expect(avatarFileName('portrait')).toBe('portrait.jpg');
    expect(avatarFileName('.png')).toBe('profile.jpg');
  });
});
