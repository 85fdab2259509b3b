/**
 * The dashboard at /_emulator/ui: hand-written HTML, CSS and ES modules from the top-level `ui/` folder,
 * served as they are (no build step). The files are read once at start-up into a map, and a request names
 * a file only by looking it up there: user input is never joined into a file system path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { packagePath } from '../core/paths.js';
import { ApiError } from '../core/errors.js';
import type { AdminContext, AdminHandler } from './admin-context.js';

/** The folder holding the dashboard files. */
export const UI_DIR = packagePath('ui');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

// The page only talks to its own origin; nothing inline, nothing from elsewhere.
const CONTENT_SECURITY_POLICY =
  // media-src blob: lets the journal drawer play response audio it fetched with the admin token.
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self' blob:; connect-src 'self'; " +
  "form-action 'none'; base-uri 'none'; frame-ancestors 'none'";

interface Asset {
  body: Buffer;
  contentType: string;
}

function loadAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name);
  } catch {
    // A package installed without the ui/ folder still runs; the page then answers 404 and says why.
    return assets;
  }
  for (const name of names) {
    const contentType = CONTENT_TYPES[extname(name)];
    if (contentType) assets.set(name, { body: readFileSync(join(dir, name)), contentType });
  }
  return assets;
}

const assets = loadAssets(UI_DIR);

function send(ctx: AdminContext, asset: Asset): void {
  const res = ctx.res;
  res.status(200);
  res.setHeader('Content-Type', asset.contentType);
  res.setHeader('Content-Length', asset.body.length);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  if (asset.contentType.startsWith('text/html'))
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.end(asset.body);
}

function lookup(name: string): Asset {
  const asset = assets.get(name);
  if (!asset) {
    const known = [...assets.keys()].sort().join(', ') || `none: no dashboard files in ${UI_DIR}`;
    throw new ApiError('not_found', `no dashboard file ${name}; files: ${known}`);
  }
  return asset;
}

export const uiAdminHandlers: Record<string, AdminHandler> = {
  'admin.ui': (ctx) => send(ctx, lookup('index.html')),
  'admin.uiAsset': (ctx) => send(ctx, lookup(ctx.params.asset)),
};
