import fs from 'node:fs/promises';

/**
 * Whether an MP4's index (moov) comes before its media data (mdat), so a browser can start playing
 * before the whole file has arrived. Walks the top-level boxes, reading only their 8–16 byte headers.
 */
export async function verifyFaststart(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    while (offset + 8 <= size) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      if (bytesRead < 8) return false;
      const type = header.toString('latin1', 4, 8);
      if (type === 'moov') return true;
      if (type === 'mdat') return false;
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) {
        if (bytesRead < 16) return false;
        boxSize = Number(header.readBigUInt64BE(8));
      }
      // Size 0 means "to the end of the file"; below 8 the file is broken. Either way, no moov ahead.
      if (boxSize < 8) return false;
      offset += boxSize;
    }
    return false;
  } finally {
    await handle.close();
  }
}
