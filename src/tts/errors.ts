import type { CodesOf, ErrorDefinition } from '../core/errors.js';

export const ttsErrors = {
  unknown_voice: { status: 422, title: 'Unknown voice' },
} as const satisfies Record<string, ErrorDefinition>;

declare module '../core/errors.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AreaErrorCodes extends CodesOf<typeof ttsErrors> {}
}
