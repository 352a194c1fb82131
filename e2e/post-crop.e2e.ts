import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, openCreate, signUpInBrowser, test } from './fixtures.js';

type Rgb = [number, number, number];
const RED: Rgb = [255, 0, 0];
const BLUE: Rgb = [0, 0, 255];
const GREEN: Rgb = [0, 255, 0];
const YELLOW: Rgb = [255, 255, 0];
const GREY: Rgb = [128, 128, 128];
const W = 1600;
const H = 1200;
const EDGE = 40;

/** A 4:3 picture (a camera's landscape) whose edges tell where it was cut: red left, blue right, green top, yellow bottom. */
async function landscape(): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const colour = x < EDGE ? RED : x >= W - EDGE ? BLUE : y < EDGE ? GREEN : y >= H - EDGE ? YELLOW : GREY;
      raw.set(colour, (y * W + x) * 3);
    }
  }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
}

interface Pixels {
  width: number;
  height: number;
  at: (x: number, y: number) => Rgb;
}

function near(actual: Rgb, expected: Rgb, tolerance = 40): boolean {
  return actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);
}

function expectColour(actual: Rgb, expected: Rgb, where: string) {
  expect(near(actual, expected), `${where}: ${actual.join(',')} should be ${expected.join(',')}`).toBe(true);
}

/** The middle of each side shows the colour expected there, and nothing along the sides is black. */
function expectNoBand(p: Pixels, expected: Edges) {
  const inset = 3;
  const mid = { x: Math.floor(p.width / 2), y: Math.floor(p.height / 2) };
  expectColour(p.at(mid.x, inset), expected.top, 'top edge');
  expectColour(p.at(mid.x, p.height - 1 - inset), expected.bottom, 'bottom edge');
  expectColour(p.at(inset, mid.y), expected.left, 'left edge');
  expectColour(p.at(p.width - 1 - inset, mid.y), expected.right, 'right edge');
  // nothing black (what an uncovered part of the frame becomes) anywhere along the four sides
  for (let i = 0; i < 20; i++) {
    const x = Math.floor(((i + 0.5) / 20) * p.width);
    const y = Math.floor(((i + 0.5) / 20) * p.height);
    for (const c of [p.at(x, 0), p.at(x, p.height - 1), p.at(0, y), p.at(p.width - 1, y)]) expect(Math.max(...c), `no black at the sides (${c.join(',')})`).toBeGreaterThan(60);
  }
}

/** The crop stage's canvas as the person sees it: transparent pixels would show the dark stage. */
async function stagePixels(page: Page): Promise<Pixels & { transparent: number }> {
  const url = await page.getByRole('group', { name: 'Crop area' }).locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL('image/png'));
  const png = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let transparent = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! < 255) transparent++;
  const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 3)) as Rgb;
  return { width: info.width, height: info.height, at, transparent };
}

async function publishedPixels(page: Page, shortcode: string): Promise<Pixels> {
  const post = (await (await page.request.get(`/p/${shortcode}/?__a=1`)).json()).graphql.shortcode_media;
  const file = await page.request.get(post.display_url);
  expect(file.ok()).toBe(true);
  const { data, info } = await sharp(await file.body()).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, at: (x, y) => Array.from(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)) as Rgb };
}

type Edges = { top: Rgb; bottom: Rgb; left: Rgb; right: Rgb };
/** What each side of the frame shows: centred, then moved as far as it goes up and left, then down and right. */
const CASES: { name: string; ratio: number; edges: Edges; topLeft: Edges; bottomRight: Edges }[] = [
  // 4:5: the full height, the middle of the width (the red and blue sides cut off)
  {
    name: '4:5',
    ratio: 4 / 5,
    edges: { top: GREEN, bottom: YELLOW, left: GREY, right: GREY },
    topLeft: { top: GREEN, bottom: YELLOW, left: RED, right: GREY },
    bottomRight: { top: GREEN, bottom: YELLOW, left: GREY, right: BLUE },
  },
  // 16:9: the full width, the middle of the height (the green and yellow sides cut off)
  {
    name: '16:9',
    ratio: 16 / 9,
    edges: { top: GREY, bottom: GREY, left: RED, right: BLUE },
    topLeft: { top: GREEN, bottom: GREY, left: RED, right: BLUE },
    bottomRight: { top: GREY, bottom: YELLOW, left: RED, right: BLUE },
  },
];

test.describe('cropping a landscape photo', () => {
  for (const shape of CASES) {
    test(`in ${shape.name} the frame is filled and the published photo is what it showed @mobile`, async ({ page }, info) => {
      test.setTimeout(90_000);
      await signUpInBrowser(page, 'crop');
      await openCreate(page, 'Post');
      await page.getByLabel('Select from computer').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: await landscape() });
      await page.getByRole('radio', { name: shape.name }).check();
      const stage = page.getByRole('group', { name: 'Crop area' });
      await expect(stage).toBeVisible();

      // The preview: no uncovered part, the chosen shape, the expected edges.
      await expect(async () => {
        const preview = await stagePixels(page);
        expect(preview.transparent).toBe(0);
        expect(preview.width / preview.height).toBeCloseTo(shape.ratio, 1);
        expectNoBand(preview, shape.edges);
      }).toPass();

      await page.screenshot({ path: info.outputPath(`crop-${shape.name.replace(':', 'x')}.png`) });

      // Moved as far as it goes by keyboard, the frame stops at the picture's edges.
      await stage.focus();
      for (const [keys, edges] of [[['ArrowLeft', 'ArrowUp'], shape.topLeft], [['ArrowRight', 'ArrowDown'], shape.bottomRight]] as const) {
        for (const key of keys) for (let i = 0; i < 30; i++) await page.keyboard.press(key);
        await expect(async () => {
          const moved = await stagePixels(page);
          expect(moved.transparent).toBe(0);
          expectNoBand(moved, edges);
        }).toPass();
      }
      // back to the middle, where the published photo is checked
      await page.getByRole('radio', { name: '1:1' }).check();
      await page.getByRole('radio', { name: shape.name }).check();

      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByLabel('Write a caption…').fill(`cropped ${shape.name}`);
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await expect(page).toHaveURL(/\/p\/[A-Za-z0-9_-]+\/$/, { timeout: 30_000 });
      const shortcode = new URL(page.url()).pathname.split('/')[2]!;
      await expect(page.getByText(`cropped ${shape.name}`)).toBeVisible();
      // the pictures in view have loaded (lazy ones further down never start)
      await page.waitForFunction(() =>
        [...document.images].filter((image) => image.getBoundingClientRect().top < window.innerHeight && image.getBoundingClientRect().width > 0).every((image) => image.complete),
      );
      await page.screenshot({ path: info.outputPath(`published-${shape.name.replace(':', 'x')}.png`) });

      const published = await publishedPixels(page, shortcode);
      expect(Math.abs(published.width / published.height - shape.ratio)).toBeLessThan(0.01);
      expectNoBand(published, shape.edges);
    });
  }
});
