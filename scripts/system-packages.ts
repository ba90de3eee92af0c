/**
 * The programs `npm test` needs beyond node_modules, and the Debian packages that hold them: the one
 * list. Before any stage runs, `npm test` installs what is missing when it may (as root, or with
 * passwordless sudo, where apt-get exists); otherwise it names the one command that does and stops.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Debian's Chromium as its headless shell, for the browser tests (playwright.config.ts). */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The full browser: notifications shown by the service worker, and a microphone refused as a person refuses it (playwright.config.ts, tests/e2e/voice.e2e.ts). */
export const FULL_CHROMIUM = '/usr/bin/chromium';

const isExecutable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const onPath = (command: string) => (process.env.PATH ?? '').split(delimiter).some((folder) => folder !== '' && isExecutable(join(folder, command)));

const NEEDED = [
  { what: 'Java', debianPackage: 'default-jre-headless', present: () => onPath('java') }, // DynamoDB Local
  { what: "Chromium's headless shell", debianPackage: 'chromium-headless-shell', present: () => isExecutable(HEADLESS_SHELL) }, // the browser tests
  { what: 'Chromium', debianPackage: 'chromium', present: () => isExecutable(FULL_CHROMIUM) }, // notifications, a refused microphone
  { what: 'espeak-ng', debianPackage: 'espeak-ng', present: () => onPath('espeak-ng') }, // speech for the fake microphone
  { what: 'sox', debianPackage: 'sox', present: () => onPath('sox') }, // ...resampled to 16 kHz mono
];

const missing = () => NEEDED.filter((need) => !need.present());

/** How this process may run apt-get: directly as root, through passwordless sudo, or not at all. */
function installer(): string[] | null {
  if (!onPath('apt-get')) return null;
  if (process.getuid?.() === 0) return [];
  if (onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) return ['sudo', '-n'];
  return null;
}

/** Through `env`, since sudo drops the caller's environment: apt-get must ask no questions. */
function aptGet(prefix: string[], args: string[]): boolean {
  const [command, ...rest] = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args];
  return spawnSync(command!, rest, { stdio: 'inherit' }).status === 0;
}

/**
 * True when every program is there, after installing the missing ones if this process may. When
 * it may not (or installing failed), prints one line with the command that installs them.
 */
export function ensureSystemPackages(): boolean {
  const lacking = missing();
  if (lacking.length === 0) return true;
  const packages = lacking.map((need) => need.debianPackage);
  const prefix = installer();
  if (prefix) {
    console.log(`Installing ${packages.join(' ')} for npm test`);
    if (aptGet(prefix, ['update', '-qq']) && aptGet(prefix, ['install', '-y', '-qq', ...packages]) && missing().length === 0) return true;
  }
  console.error(
    `npm test needs ${lacking.map((need) => need.what).join(', ')}: run \`sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}\` (Debian), then npm test again.`,
  );
  return false;
}
