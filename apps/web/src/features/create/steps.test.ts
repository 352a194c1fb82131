import { describe, expect, it } from 'vitest';
import { nextStep, previousStep, stepFor } from './steps';

const photos = { hasItems: true, onlyVideos: false };
const videos = { hasItems: true, onlyVideos: true };

describe('creation steps', () => {
  it('any /create/ path without files shows the file picker', () => {
    expect(stepFor('/create/details/', { hasItems: false, onlyVideos: false })).toBe('choose');
    expect(stepFor('/create/style/', { hasItems: false, onlyVideos: false })).toBe('choose');
  });

  it('maps paths to steps once files are chosen', () => {
    expect(stepFor('/create/style/', photos)).toBe('crop');
    expect(stepFor('/create/filter/', photos)).toBe('filter');
    expect(stepFor('/create/details/', photos)).toBe('details');
    expect(stepFor('/x/create/anything/', photos)).toBe('crop');
  });

  it('a post of videos only skips the filter step', () => {
    expect(nextStep('crop', videos)).toBe('details');
    expect(previousStep('details', videos)).toBe('crop');
    expect(nextStep('crop', photos)).toBe('filter');
    expect(nextStep('details', photos)).toBeNull();
    expect(stepFor('/create/filter/', videos)).toBe('crop');
  });
});
