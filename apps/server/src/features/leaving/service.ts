import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DATA_DOWNLOAD_LINK_DAYS, type DataDownloadStatus, type LeavingBody } from '@shutter/contract';
import type { Db } from '../../db/database.js';
import { fieldError } from '../../platform/field-errors.js';
import type { IdGenerator } from '../../platform/ids.js';
import type { Outbox } from '../../platform/outbox.js';
import { verifyPassword } from '../../platform/passwords.js';
import type { Queue } from '../../platform/queue.js';
import type { Storage } from '../../platform/storage.js';
import { randomToken, sha256 } from '../../platform/tokens.js';
import type { AccountsRepository } from '../accounts/repository.js';
import { writeArchive } from './archive.js';
import type { Departures } from './departures.js';
import type { LeavingRepository } from './repository.js';

export const DATA_EXPORT_JOB = 'data-export';
export const PURGE_DEPARTED_JOB = 'purge-departed';
const DAY_MS = 24 * 3600 * 1000;

export interface LeavingDeps {
  db: Db;
  repo: LeavingRepository;
  users: Pick<AccountsRepository, 'findById'>;
  departures: Departures;
  storage: Storage;
  queue: Queue;
  outbox: Pick<Outbox, 'send'>;
  nextId: IdGenerator;
  publicUrl: string;
  deletionDays: number;
  usernames: (ids: string[]) => Promise<Map<string, string>>;
  /** Drops the person's cached sessions once their rows are gone. */
  forgetSessions: (userId: string) => void;
}

/** Why a download link answers nothing: unknown (or not the owner's), or spent or past its days. */
export type DownloadRefusal = 'absent' | 'gone';

/** Deactivating, deleting, and "Download your data". */
export function createLeaving(deps: LeavingDeps) {
  const { repo, departures } = deps;

  /** The person's password, checked again before anything this grave (a 400 on a wrong one). */
  async function confirmPassword(userId: string, password: string) {
    const user = await deps.users.findById(userId);
    if (!user || !(await verifyPassword(user.password_hash, password))) throw fieldError('password', 'password_wrong');
    return user;
  }

  /** Where the person's latest archive stands. */
  async function status(userId: string): Promise<DataDownloadStatus> {
    const [row, user] = await Promise.all([repo.latestExport(userId), deps.users.findById(userId)]);
    const email = user?.email ?? '';
    if (!row) return { state: 'none', requested_at: null, expires_at: null, email };
    const expired = row.state === 'ready' && row.expires_at !== null && row.expires_at <= new Date();
    return { state: expired ? 'expired' : row.state, requested_at: row.created_at.toISOString(), expires_at: row.expires_at?.toISOString() ?? null, email };
  }

  return {
    async deactivate(userId: string, body: LeavingBody): Promise<{ purge_after: null }> {
      await confirmPassword(userId, body.password);
      await departures.depart(userId, 'deactivated', null, body.reason ?? '');
      deps.forgetSessions(userId);
      return { purge_after: null };
    },

    async requestDeletion(userId: string, body: LeavingBody): Promise<{ purge_after: string }> {
      await confirmPassword(userId, body.password);
      const purgeAfter = new Date(Date.now() + deps.deletionDays * DAY_MS);
      await departures.depart(userId, 'deleting', purgeAfter, body.reason ?? '');
      deps.forgetSessions(userId);
      // With no days to wait, the purge need not wait for its next round either.
      if (deps.deletionDays === 0) await deps.queue.send(PURGE_DEPARTED_JOB, {});
      return { purge_after: purgeAfter.toISOString() };
    },

    async requestDownload(userId: string, password: string): Promise<DataDownloadStatus> {
      await confirmPassword(userId, password);
      const latest = await repo.latestExport(userId);
      // One archive at a time: asking again while one is being made changes nothing.
      if (latest?.state !== 'preparing') {
        const id = deps.nextId();
        await repo.startExport(id, userId);
        await deps.queue.send(DATA_EXPORT_JOB, { exportId: id }, { expireInSeconds: 3600 });
      }
      return status(userId);
    },

    status,

    /** The job: builds the archive, stores it, and mails its one-time link. */
    async buildExport({ exportId }: { exportId: string }): Promise<void> {
      const row = await repo.exportById(exportId);
      if (!row || row.state !== 'preparing') return;
      const user = await deps.users.findById(row.user_id);
      if (!user) return;
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shutter-export-'));
      try {
        const file = path.join(dir, 'archive.zip');
        await writeArchive({ db: deps.db, storage: deps.storage, usernames: deps.usernames }, row.user_id, file);
        const key = `exports/${randomToken(24)}.zip`;
        await deps.storage.putFile(key, file);
        const token = randomToken();
        const expiresAt = new Date(Date.now() + DATA_DOWNLOAD_LINK_DAYS * DAY_MS);
        await repo.exportReady(exportId, key, sha256(token), expiresAt);
        if (user.email) {
          await deps.outbox.send({
            channel: 'email', recipient: user.email, subject: 'Your Shutter data is ready',
            body: `Hi ${user.username},\n\nThe copy of your Shutter data you asked for is ready. Download it here (log in as ${user.username} first; the link works once, for ${DATA_DOWNLOAD_LINK_DAYS} days):\n\n${deps.publicUrl}/accounts/download_data/${token}/\n\nIf you didn't ask for it, change your password.`,
          }, { userId: user.id, kind: 'other' });
        }
      } catch (err) {
        await repo.exportFailed(exportId);
        throw err;
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },

    /**
     * The archive behind a link, for its owner only, once, within its days: its stored key, taken
     * (a second use finds it spent). Anyone else is told it does not exist.
     */
    async takeDownload(userId: string, token: string): Promise<{ key: string } | { refused: DownloadRefusal }> {
      const row = await repo.exportByToken(sha256(token));
      if (!row || row.user_id !== userId) return { refused: 'absent' };
      if (row.state !== 'ready' || !row.file_key || (row.expires_at && row.expires_at <= new Date())) return { refused: 'gone' };
      if (!(await repo.takeExport(row.id))) return { refused: 'gone' };
      return { key: row.file_key };
    },

    /** Removes archives that were fetched or whose days are over. */
    async dropStaleExports(now = new Date()): Promise<void> {
      for (const row of await repo.staleExports(now)) {
        if (row.file_key) await deps.storage.remove(row.file_key);
        await repo.forgetFile(row.id);
      }
    },
  };
}
export type Leaving = ReturnType<typeof createLeaving>;
