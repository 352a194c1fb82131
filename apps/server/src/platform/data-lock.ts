import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database (PGlite in DATA_DIR) must have one process at a time: the running service
 * leaves its pid in DATA_DIR, and tools that open the database refuse while that process lives.
 */
const LOCK_FILE = 'service.pid';

/** Marks the data folder as the running service's until this process exits. */
export function holdDataDir(dataDir: string): void {
  const file = path.join(dataDir, LOCK_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, String(process.pid));
  process.on('exit', () => {
    // Only our own mark: another process may have taken the folder since.
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
    } catch { /* already gone */ }
  });
}

/** The pid of a live service using this data folder, or null (none, or a stale mark of one that died). */
export function serviceUsing(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive, but another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
