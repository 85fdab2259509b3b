import type { Request, Response } from 'express';

/**
 * What an admin handler receives for one call: the request and its validated input, nothing else. The
 * services a handler works on are handed to its table's factory when the emulator is put together.
 */
export interface AdminContext<Body = any> {
  requestId: string;
  req: Request;
  res: Response;
  params: Record<string, string>;
  query: Record<string, any>;
  body: Body;
  signal: AbortSignal;
}

export type AdminHandler = (ctx: AdminContext) => Promise<void> | void;
