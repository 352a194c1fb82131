import { describe, expect, it } from 'vitest';
import { applyColorTransform, colorTransform } from './color-matrix';
import { cssFilter, DEFAULT_FILTER, FILTER_NAMES, filterValues } from './filters';

describe('filters', () => {
  it('R-000-creation-3: the default filter is normal at strength 1', () => {
    expect(DEFAULT_FILTER).toEqual({ name: 'normal', strength: 1 });
    expect(cssFilter('normal', 1)).toBe('none');
  });

  it('offers at least eight looks, moon among them in black and white', () => {
    expect(FILTER_NAMES.length).toBeGreaterThanOrEqual(8);
    expect(FILTER_NAMES).toEqual(expect.arrayContaining(['normal', 'clarendon', 'gingham', 'moon', 'lark', 'reyes', 'juno', 'slumber']));
    expect(filterValues('moon', 1).grayscale).toBe(1);
  });

  it('moves each function from identity to its full value with the strength', () => {
    expect(filterValues('clarendon', 1)).toEqual({ saturate: 1.35, contrast: 1.2 });
    expect(filterValues('clarendon', 0.5)).toEqual({ saturate: 1.175, contrast: 1.1 });
    expect(filterValues('clarendon', 0)).toEqual({ saturate: 1, contrast: 1 });
    expect(filterValues('gingham', 0.5).hueRotate).toBe(-5);
    expect(filterValues('clarendon', 7)).toEqual(filterValues('clarendon', 1));
  });

  it('writes CSS filter functions in a fixed order', () => {
    expect(cssFilter('clarendon', 1)).toBe('saturate(1.35) contrast(1.2)');
    expect(cssFilter('gingham', 1)).toBe('sepia(0.04) hue-rotate(-10deg) brightness(1.05) contrast(0.9)');
  });

  it('the colour-matrix fallback turns moon grey and leaves normal untouched', () => {
    const px = new Uint8ClampedArray([200, 40, 90, 255]);
    applyColorTransform(px, colorTransform('normal', 1));
    expect([...px]).toEqual([200, 40, 90, 255]);
    applyColorTransform(px, colorTransform('moon', 1));
    expect(px[0]).toBe(px[1]);
    expect(px[1]).toBe(px[2]);
    expect(px[3]).toBe(255);
  });

  it('the colour-matrix contrast keeps mid-grey and brightness scales', () => {
    const grey = new Uint8ClampedArray([128, 128, 128, 255]);
    applyColorTransform(grey, colorTransform('clarendon', 1));
    expect(Math.abs(grey[0]! - 128)).toBeLessThanOrEqual(1);
  });
});
