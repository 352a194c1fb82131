import { describe, expect, it } from 'vitest';
import { ASPECTS, centredCrop, clampCrop, cropRect, defaultCrop, minScale, mirrorCrop, outputSize, rotateCrop, zoomCrop } from './crop';

describe('defaultCrop', () => {
  it('R-000-creation-4: the default crop centres a square on the shorter side', () => {
    const wide = defaultCrop(4000, 3000);
    expect(cropRect(wide, { width: 4000, height: 3000 }, 1)).toEqual({ x: 500, y: 0, width: 3000, height: 3000 });
    const tall = defaultCrop(1080, 1920);
    expect(cropRect(tall, { width: 1080, height: 1920 }, 1)).toEqual({ x: 0, y: 420, width: 1080, height: 1080 });
    expect(defaultCrop(800, 800)).toMatchObject({ offsetLeft: 0, offsetTop: 0 });
    expect(defaultCrop(800, 600)).toMatchObject({ mirrored: false, rotationAngle: 0 });
  });

  it('R-000-creation-5: the default crop scaleFactor is 1 for a portrait or square image', () => {
    expect(defaultCrop(1080, 1920).scaleFactor).toBe(1);
    expect(defaultCrop(500, 500).scaleFactor).toBe(1);
  });

  it('R-000-creation-6: the default crop scaleFactor is the aspect ratio for a landscape image', () => {
    expect(defaultCrop(4000, 3000).scaleFactor).toBeCloseTo(4 / 3);
    expect(defaultCrop(1920, 1080).scaleFactor).toBeCloseTo(16 / 9);
  });

  it('is the centred crop for the square aspect', () => {
    const size = { width: 1600, height: 900 };
    expect(centredCrop(size, 1, { mirrored: false, rotationAngle: 0 })).toEqual(defaultCrop(1600, 900));
  });
});

describe('crop geometry', () => {
  const size = { width: 2000, height: 1000 };

  it('never lets the rectangle leave the image', () => {
    const c = clampCrop({ ...defaultCrop(2000, 1000), offsetLeft: 5000, offsetTop: -40, scaleFactor: 0.5 }, size, 1);
    expect(c.scaleFactor).toBe(2);
    expect(c.offsetLeft).toBe(1000);
    expect(c.offsetTop).toBe(0);
  });

  it('needs a larger scale to cover a portrait frame on a landscape image', () => {
    expect(minScale(size, ASPECTS.portrait)).toBeCloseTo(2 / 0.8);
    expect(minScale({ width: 1000, height: 2000 }, ASPECTS.landscape)).toBe(1);
  });

  it('zooms around the centre and caps the zoom', () => {
    const start = defaultCrop(2000, 1000);
    const zoomed = zoomCrop(start, size, 1, 4);
    const r = cropRect(zoomed, size, 1);
    expect(r.width).toBe(500);
    expect(r.x + r.width / 2).toBe(1000);
    expect(r.y + r.height / 2).toBe(500);
    expect(zoomCrop(start, size, 1, 100).scaleFactor).toBe(8);
  });

  it('mirroring keeps the same part of the picture in view', () => {
    const c = { ...defaultCrop(2000, 1000), offsetLeft: 200 };
    const m = mirrorCrop(c, size, 1);
    expect(m.mirrored).toBe(true);
    expect(m.offsetLeft).toBe(800);
    expect(mirrorCrop(m, size, 1).offsetLeft).toBe(200);
  });

  it('rotating a quarter turn swaps the sides and recentres', () => {
    const r = rotateCrop(defaultCrop(2000, 1000), size, 1);
    expect(r.rotationAngle).toBe(90);
    expect(r.scaleFactor).toBe(1);
    expect(r.offsetTop).toBe(500);
    expect(rotateCrop({ ...r, rotationAngle: 270 }, size, 1).rotationAngle).toBe(0);
  });

  it('exports at most 2160 px on the longest side and never enlarges', () => {
    expect(outputSize({ width: 4000, height: 5000 }, 2160)).toEqual({ width: 1728, height: 2160 });
    expect(outputSize({ width: 640, height: 640 }, 2160)).toEqual({ width: 640, height: 640 });
  });
});
