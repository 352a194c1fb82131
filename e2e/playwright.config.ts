import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
// A fresh embedded database for every run, seeded with the demo world.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shutter-e2e-'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchOptions = {
  executablePath: chromium,
  // The closed network here stalls Chromium's background services without these.
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Journeys sign people up and post through the real pipeline; on a shared two-core machine the
  // longest of those under the default take about 20 s, and half as long again on a slower one.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: path.join(os.tmpdir(), 'shutter-e2e-results'),
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Every journey on a desktop; those tagged @mobile again on a phone; @phone ones on a phone only.
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions }, grepInvert: /@phone/ },
    { name: 'mobile', use: { ...devices['Pixel 7'], launchOptions }, grep: /@mobile|@phone/ },
  ],
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${PORT}/data/shared_data/`,
    // The first start seeds the demo world: about a minute, more on a busy machine.
    timeout: 240_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Each test comes from its own address (X-Forwarded-For), as real visitors do, so the
      // per-address login limits apply per test rather than to the whole suite.
      TRUST_PROXY: '1',
      // A parent approves the accounts of people under 16 (the signup journeys check it).
      PARENTAL_CONSENT_AGE: '16',
      // E2E_DATABASE_URL runs the journeys on PostgreSQL (an empty database of its own) instead.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      REDIS_URL: '',
    },
  },
});
