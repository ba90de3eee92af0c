/**
 * Where the app serves the audio worklets @elevenlabs/client runs
 * (web/build/plugins/self-hosted-audio-worklets.ts writes them into the build). Given to the library,
 * they keep it from loading them from blob: URLs and a CDN, which the content security policy
 * (shared/content-security-policy.ts) refuses.
 */
export const AUDIO_WORKLETS = {
  workletPaths: {
    rawAudioProcessor: '/worklets/raw-audio-processor.js',
    audioConcatProcessor: '/worklets/audio-concat-processor.js',
  },
  /** Only for browsers that cannot record at 16 kHz themselves. */
  libsampleratePath: '/worklets/libsamplerate.worklet.js',
} as const;
