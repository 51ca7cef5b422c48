import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeUploadLeftovers } from './multipart-file.ts';

describe('removeUploadLeftovers', () => {
  it("removes the folders of gone processes and day-old ones, keeping a running process's recent uploads", async () => {
    const root = await mkdtemp(join(tmpdir(), 'uploads-'));
    // A process that has exited: its pid names nobody now (a portal killed with kill -9 mid-upload).
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const folder = async (name: string, ageHours = 0) => {
      const path = join(root, name);
      await mkdir(path);
      await writeFile(join(path, 'upload.xlsx'), 'half an upload');
      const at = new Date(Date.now() - ageHours * 3_600_000);
      await utimes(path, at, at);
    };
    await folder(`${gone}-aaaaaa`);
    await folder(`${process.ppid}-bbbbbb`);
    await folder(`${process.ppid}-cccccc`, 25);
    await folder(`${process.pid}-dddddd`);
    await folder('not-a-pid');

    expect(await removeUploadLeftovers(root)).toBe(3);
    expect((await readdir(root)).sort()).toEqual([`${process.pid}-dddddd`, `${process.ppid}-bbbbbb`].sort());
    expect(await removeUploadLeftovers(join(root, 'missing'))).toBe(0);
  });
});
