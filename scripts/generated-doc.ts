import { readFileSync, writeFileSync } from 'node:fs';

/**
 * A document generated from code, named from the repository's root (the OpenAPI document, the assistant's tools): `--write` writes
 * it, `--check` fails when the committed one differs, so the docs never drift from what they describe.
 */
export function writeOrCheck(file: string, text: string, { from, command }: { from: string; command: string }): void {
  const path = new URL(`../${file}`, import.meta.url);
  if (process.argv.includes('--write')) {
    writeFileSync(path, text);
    console.log(`${file} written`);
  } else if (process.argv.includes('--check')) {
    let committed = '';
    try {
      committed = readFileSync(path, 'utf8');
    } catch {
      // reported below
    }
    if (committed !== text) {
      console.error(`${file} is out of date with ${from}: run \`${command}\`.`);
      process.exit(1);
    }
    console.log(`${file} matches ${from}`);
  }
}
