/** The HTTP routes of the instances benchmark (instances.bench.ts), each with the bodies it sends in turn. */
import { encodeWav } from '../src/audio/index.js';
import { synthesize } from '../src/tts/voice/index.js';
import { RATE } from './realtime-streams.js';

const TTS_TEXTS = ['مرحبا بكم', 'كيف يمكنني مساعدتك اليوم؟', 'شكرا لاتصالك بنا', 'The order ships tomorrow'];
const RAG_QUERIES = [
  'سياسة الإجازة السنوية',
  'annual leave policy',
  'كلمة المرور',
  'travel expenses',
  'أمن المعلومات',
];

export interface RouteSpec {
  route: string;
  path: string;
  contentType: string;
  bodies: Buffer[];
}

export function routes(): RouteSpec[] {
  const pcm = synthesize('مرحبا بكم', { voiceIndex: 0, speed: 1, sampleRate: RATE });
  const boundary = '----svc-emulator-instances-bench';
  const stt = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    ),
    encodeWav(pcm, RATE),
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\nar\r\n--${boundary}--\r\n`,
    ),
  ]);
  const json = (o: unknown) => Buffer.from(JSON.stringify(o));
  return [
    {
      route: 'tts',
      path: '/tts',
      contentType: 'application/json',
      bodies: TTS_TEXTS.map((text) => json({ text, voice: 'ar-SA-noura', quality: 'fast' })),
    },
    {
      route: 'stt',
      path: '/stt/transcriptions',
      contentType: `multipart/form-data; boundary=${boundary}`,
      bodies: [stt],
    },
    {
      route: 'search',
      path: '/rag/search',
      contentType: 'application/json',
      bodies: RAG_QUERIES.map((query) => json({ query, mode: 'retrieve', top_k: 5 })),
    },
    {
      route: 'ws-token',
      path: '/auth/ws-token',
      contentType: 'application/json',
      bodies: [json({ scopes: ['stt:transcribe'] })],
    },
  ];
}
