import { describe, expect, it } from 'vitest';
import { clampAspect, fitEven, variantSizes } from './geometry.js';
import { AVATAR_SIZES, IMAGE_VARIANT_WIDTHS } from './limits.js';

describe('media geometry', () => {
  it('keeps ratios between 4:5 and 1.91:1 and cuts the long side of the rest', () => {
    expect(clampAspect({ width: 1000, height: 1250 })).toEqual({ width: 1000, height: 1250 });
    expect(clampAspect({ width: 1910, height: 1000 })).toEqual({ width: 1910, height: 1000 });
    expect(clampAspect({ width: 300, height: 1000 })).toEqual({ width: 300, height: 375 });
    expect(clampAspect({ width: 1000, height: 200 })).toEqual({ width: 382, height: 200 });
    expect(clampAspect({ width: 1, height: 10_000 })).toEqual({ width: 1, height: 1 });
  });

  it('never upscales and always leaves one variant', () => {
    expect(variantSizes(4000, IMAGE_VARIANT_WIDTHS)).toEqual([1080, 750, 640, 480, 320, 240, 150]);
    expect(variantSizes(1080, IMAGE_VARIANT_WIDTHS)).toEqual([1080, 750, 640, 480, 320, 240, 150]);
    expect(variantSizes(900, IMAGE_VARIANT_WIDTHS)).toEqual([900, 750, 640, 480, 320, 240, 150]);
    expect(variantSizes(640, IMAGE_VARIANT_WIDTHS)).toEqual([640, 480, 320, 240, 150]);
    expect(variantSizes(100, IMAGE_VARIANT_WIDTHS)).toEqual([100]);
    expect(variantSizes(500, AVATAR_SIZES)).toEqual([320, 150]);
    expect(variantSizes(200, AVATAR_SIZES)).toEqual([200, 150]);
  });

  it('fits video to 1080 on the longest side with even sides', () => {
    expect(fitEven({ width: 1920, height: 1080 }, 1080)).toEqual({ width: 1080, height: 608 });
    expect(fitEven({ width: 720, height: 1280 }, 1080)).toEqual({ width: 608, height: 1080 });
    expect(fitEven({ width: 321, height: 241 }, 1080)).toEqual({ width: 320, height: 240 });
    expect(fitEven({ width: 1, height: 1 }, 1080)).toEqual({ width: 2, height: 2 });
  });
});
