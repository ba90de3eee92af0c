import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** What the fake microphone says: the request a person makes, then silence so the agent hears the turn end. */
export const SPOKEN_REQUEST = 'create a task to buy milk';

/**
 * Makes the speech Chromium's fake microphone plays (playwright.config.ts points the voice project
 * at E2E_SPEECH_WAV), once per run: espeak-ng speaks, sox resamples to 16 kHz mono PCM16 and pads
 * 1.5 s of silence. Written aside and renamed, so a worker never reads half a file.
 */
export function ensureSpeechWav(): string {
  const target = process.env.E2E_SPEECH_WAV;
  if (!target) throw new Error('E2E_SPEECH_WAV is not set: run the tests through playwright.config.ts');
  if (existsSync(target)) return target;
  const folder = mkdtempSync(join(dirname(target), 'speech-'));
  try {
    execFileSync('espeak-ng', ['-w', join(folder, 'raw.wav'), SPOKEN_REQUEST]);
    execFileSync('sox', [join(folder, 'raw.wav'), '-r', '16000', '-c', '1', '-b', '16', join(folder, 'speech.wav'), 'pad', '0', '1.5']);
    renameSync(join(folder, 'speech.wav'), target);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return target;
}
