import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { ensureSystemPackages } from '../../scripts/system-packages';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

it('names, in one line, the command that installs what is missing when it may not install (no apt-get), and installs nothing', () => {
  const emptyFolder = mkdtempSync(join(tmpdir(), 'no-programs-'));
  try {
    // Nothing on PATH: no java, espeak-ng or sox, and no apt-get to install them with.
    vi.stubEnv('PATH', emptyFolder);
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const told = vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(ensureSystemPackages()).toBe(false);
    expect(told).not.toHaveBeenCalled();
    expect(said).toHaveBeenCalledTimes(1);
    const line = String(said.mock.calls[0]![0]);
    expect(line).not.toContain('\n');
    expect(line).toMatch(
      /^npm test needs Java, .*espeak-ng, sox: run `sudo apt-get update && sudo apt-get install -y default-jre-headless (.* )?espeak-ng sox` \(Debian\)/,
    );
  } finally {
    rmSync(emptyFolder, { recursive: true, force: true });
  }
});
