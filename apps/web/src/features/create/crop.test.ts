import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ASPECTS, centredCrop, clampCrop, coverScale, cropRect, defaultCrop, minScale, mirrorCrop, outputSize, panCrop, rotateCrop, turnedSize, zoomCrop, type CroppedImage, type Size } from './crop';

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

/** The rectangle lies inside the image (so no band of nothing is drawn) and has the frame's shape. */
function expectCovered(crop: CroppedImage, size: Size, aspect: number) {
  const r = cropRect(crop, size, aspect);
  const eps = 1e-6 * Math.max(size.width, size.height);
  expect(r.x).toBeGreaterThanOrEqual(-eps);
  expect(r.y).toBeGreaterThanOrEqual(-eps);
  expect(r.x + r.width).toBeLessThanOrEqual(size.width + eps);
  expect(r.y + r.height).toBeLessThanOrEqual(size.height + eps);
  expect(r.width / r.height).toBeCloseTo(aspect, 6);
}

/** A rectangle to a thousandth of a pixel (floating point leaves 439.99999999999994 for 440). */
const rounded = (r: { x: number; y: number; width: number; height: number }) => ({
  x: Math.round(r.x * 1000) / 1000 + 0,
  y: Math.round(r.y * 1000) / 1000 + 0,
  width: Math.round(r.width * 1000) / 1000,
  height: Math.round(r.height * 1000) / 1000,
});

describe('the frame is always covered', () => {
  it('the smallest zoom is the larger of the two side ratios', () => {
    expect(coverScale({ width: 400, height: 500 }, { width: 1600, height: 900 })).toBeCloseTo(500 / 900);
    expect(coverScale({ width: 640, height: 360 }, { width: 900, height: 1600 })).toBeCloseTo(640 / 900);
    // at that zoom, a 1600×900 picture in a 4:5 frame shows its full height and 720 of its width
    expect(rounded(cropRect(centredCrop({ width: 1600, height: 900 }, ASPECTS.portrait, { mirrored: false, rotationAngle: 0 }), { width: 1600, height: 900 }, ASPECTS.portrait))).toEqual({ x: 440, y: 0, width: 720, height: 900 });
  });

  it('a landscape picture recentred from the square crop to 4:5 and 16:9 fills each frame', () => {
    const size = { width: 1600, height: 900 };
    const square = defaultCrop(1600, 900);
    const portrait = centredCrop(size, ASPECTS.portrait, square);
    expect(rounded(cropRect(portrait, size, ASPECTS.portrait))).toEqual({ x: 440, y: 0, width: 720, height: 900 });
    const wide = centredCrop(size, ASPECTS.landscape, portrait);
    expect(rounded(cropRect(wide, size, ASPECTS.landscape))).toEqual({ x: 0, y: 0, width: 1600, height: 900 });
    const wider = { width: 2000, height: 900 };
    expect(rounded(cropRect(centredCrop(wider, ASPECTS.landscape, defaultCrop(2000, 900)), wider, ASPECTS.landscape))).toEqual({ x: 200, y: 0, width: 1600, height: 900 });
  });

  it('panning stops where an edge of the picture would show', () => {
    const size = { width: 1600, height: 900 };
    const start = centredCrop(size, ASPECTS.portrait, { mirrored: false, rotationAngle: 0 });
    expect(rounded(cropRect(panCrop(start, size, ASPECTS.portrait, -5000, -5000), size, ASPECTS.portrait))).toMatchObject({ x: 0, y: 0 });
    expect(rounded(cropRect(panCrop(start, size, ASPECTS.portrait, 5000, 5000), size, ASPECTS.portrait))).toMatchObject({ x: 880, y: 0 });
  });

  it('whatever the picture, the frame and the edits, the rectangle stays inside the picture', () => {
    const aspect = fc.constantFrom(ASPECTS.square, ASPECTS.portrait, ASPECTS.landscape);
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('aspect' as const), aspect }),
      fc.record({ kind: fc.constant('zoom' as const), scale: fc.double({ min: 0.1, max: 20, noNaN: true }) }),
      fc.record({ kind: fc.constant('pan' as const), dx: fc.double({ min: -5000, max: 5000, noNaN: true }), dy: fc.double({ min: -5000, max: 5000, noNaN: true }) }),
      fc.constant({ kind: 'rotate' as const }),
      fc.constant({ kind: 'mirror' as const }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 6000 }), fc.integer({ min: 50, max: 6000 }), fc.array(edit, { maxLength: 12 }), (width, height, edits) => {
        const source = { width, height };
        let shape: number = ASPECTS.square;
        let crop = defaultCrop(width, height);
        for (const e of edits) {
          const size = turnedSize(source, crop.rotationAngle);
          if (e.kind === 'aspect') {
            shape = e.aspect;
            crop = centredCrop(size, shape, crop);
          } else if (e.kind === 'zoom') crop = zoomCrop(crop, size, shape, e.scale * minScale(size, shape));
          else if (e.kind === 'pan') crop = panCrop(crop, size, shape, e.dx, e.dy);
          else if (e.kind === 'rotate') crop = rotateCrop(crop, source, shape);
          else crop = mirrorCrop(crop, size, shape);
          expectCovered(crop, turnedSize(source, crop.rotationAngle), shape);
        }
      }),
    );
  });
});
