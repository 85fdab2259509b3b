import type { ErrorDefinition } from '../http/errors.js';

export const ttsErrors = {
  unknown_voice: { status: 422, title: 'Unknown voice' },
} as const satisfies Record<string, ErrorDefinition>;
