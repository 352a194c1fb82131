import { describe, expect, it } from 'vitest';
import { dataSaverConfig, effectiveDataSaver, isRelaxed, readDataSaverMode, writeDataSaverMode } from './data-saver';
import { srcSetOf, usableResources } from './media-sources';
import { STORAGE_KEYS } from './storage';

const resources = [1080, 750, 640, 480, 320].map((w) => ({ src: `/m/${w}.jpg`, config_width: w, config_height: w }));

describe('data saver', () => {
  it('R-000-data-saver-1: off means autoplay, 1080 images and preload auto', () => {
    expect(dataSaverConfig(false)).toEqual({
      isDataSaverMode: false,
      autoPlay: true,
      imageResolution: 1080,
      downgradeImageResolution: false,
      downgradeVideoResolution: false,
      preload: 'auto',
    });
    expect(srcSetOf(resources, dataSaverConfig(false).imageResolution)).toContain('/m/1080.jpg 1080w');
  });

  it('R-000-data-saver-2: on means no autoplay, 640 images, preload metadata, downgraded media', () => {
    const config = dataSaverConfig(true);
    expect(config).toMatchObject({ isDataSaverMode: true, autoPlay: false, imageResolution: 640, preload: 'metadata', downgradeImageResolution: true, downgradeVideoResolution: true });
    expect(usableResources(resources, config.imageResolution).map((r) => r.config_width)).toEqual([320, 480, 640]);
    expect(srcSetOf(resources, config.imageResolution)).not.toContain('1080w');
  });

  it('R-000-data-saver-3: the mode is stored in local storage', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(readDataSaverMode(storage)).toBe(false);
    writeDataSaverMode(storage, true);
    expect(store.get(STORAGE_KEYS.dataSaver)).toBe('1');
    expect(readDataSaverMode(storage)).toBe(true);
    writeDataSaverMode(storage, false);
    expect(readDataSaverMode(storage)).toBe(false);
  });

  it('R-000-data-saver-4: relaxed when the network is not cellular and save-data is off', () => {
    expect(isRelaxed({ type: 'wifi', saveData: false })).toBe(true);
    expect(effectiveDataSaver(true, { type: 'wifi', saveData: false })).toBe(false);
    expect(effectiveDataSaver(true, { type: 'cellular', saveData: false })).toBe(true);
    expect(effectiveDataSaver(true, { type: 'wifi', saveData: true })).toBe(true);
    // Without the API (or without a connection type) the viewer's choice stands.
    expect(effectiveDataSaver(true, undefined)).toBe(true);
    expect(effectiveDataSaver(true, { saveData: false })).toBe(true);
    expect(effectiveDataSaver(false, { type: 'cellular' })).toBe(false);
  });

  it('a list with only larger variants still offers its smallest one', () => {
    expect(usableResources([{ src: '/a.jpg', config_width: 1080, config_height: 1080 }], 640)).toHaveLength(1);
  });
});
