import type { CodesOf, ErrorDefinition } from '../core/errors.js';

export const sttErrors = {
  unsupported_audio_format: { status: 422, title: 'Unsupported audio format' },
  audio_corrupt: { status: 422, title: 'Corrupt audio' },
  audio_truncated: { status: 422, title: 'Truncated audio' },
  audio_too_complex: { status: 422, title: 'Audio too complex' },
  file_too_large: { status: 422, title: 'File too large' },
  job_not_found: { status: 404, title: 'Job not found' },
  transcription_failed: { status: 502, title: 'Transcription failed upstream' },
} as const satisfies Record<string, ErrorDefinition>;

declare module '../core/errors.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaErrorCodes extends CodesOf<typeof sttErrors> {}
}
