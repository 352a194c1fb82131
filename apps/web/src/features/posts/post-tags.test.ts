import { describe, expect, it } from 'vitest';
import { framePoint } from './post-tags';

describe('where a tag shows on the framed photo', () => {
  it('stays where it was put when the frame has the photo\'s shape', () => {
    expect(framePoint({ x: 0.3, y: 0.4 }, { width: 1080, height: 1080 }, 1)).toEqual({ x: 0.3, y: 0.4 });
    expect(framePoint({ x: 0.25, y: 0.9 }, { width: 1080, height: 1350 }, 0.8)).toEqual({ x: 0.25, y: 0.9 });
  });

  it('moves with the crop of a photo wider or taller than its frame, and stays inside it', () => {
    // 2:1 shown at 1.91:1: a little of each side is cut.
    const wide = framePoint({ x: 0.5, y: 0.5 }, { width: 2000, height: 1000 }, 1.91);
    expect(wide).toEqual({ x: 0.5, y: 0.5 });
    expect(framePoint({ x: 0.25, y: 0.5 }, { width: 2000, height: 1000 }, 1).x).toBeCloseTo(0);
    expect(framePoint({ x: 0.75, y: 0.2 }, { width: 2000, height: 1000 }, 1)).toEqual({ x: 1, y: 0.2 });
    // 1:2 shown at 4:5: 62.5% of its height shows, as much cut at the top as at the bottom.
    const tall = framePoint({ x: 0.5, y: 0.3 }, { width: 1000, height: 2000 }, 0.8);
    expect(tall.x).toBe(0.5);
    expect(tall.y).toBeCloseTo((0.3 - 0.1875) / 0.625);
    expect(framePoint({ x: 0.1, y: 0.05 }, { width: 1000, height: 2000 }, 0.8).y).toBe(0);
  });

  it('takes the frame\'s shape when the photo has no size', () => {
    expect(framePoint({ x: 0.6, y: 0.7 }, { width: 0, height: 0 }, 1.5)).toEqual({ x: 0.6, y: 0.7 });
  });
});
