import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import type { FastifyRequest } from 'fastify';
import { readdirSync, statSync } from 'node:fs';

export interface SecurityHeadersOptions {
  /** The built shell: its top-level .js files are the only scripts besides the releases. */
  shellDir: string;
  /** PUBLIC_URL: the origin the page is served at; the request's Host otherwise. */
  publicUrl?: string;
}

/** Policy of everything that is not a page (JSON, files, scripts): nothing may run, load or frame it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The API reference page (/docs/api, @fastify/swagger-ui): its scripts and styles are the package's own files under
 * /docs/api/static/, plus one inline style block of the page; it loads the document from the same origin.
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A Host header fit to name a CSP source (host[:port]); anything else falls back to 'self'. */
const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/**
 * The page's policy. Scripts: only the shell's own bundles and the remotes under /releases/ (Module Federation
 * loads remoteEntry.js and chunks from there with script elements; nothing is eval'd: the production build uses
 * source maps, not eval devtool). Styles: files only ('self', no 'unsafe-inline', issue 31): the fonts' and the first
 * paint's stylesheets are files the page links, the shell and remotes add theirs as constructable stylesheets
 * (shared addStyleOnce, not <style> elements) and set style properties through the CSSOM, which the CSP does not
 * govern; server-rendered markup carries no style attribute. The one exception is react-aria's own two <style> elements,
 * allowed by a per-page nonce (styleNonces), never by 'unsafe-inline'. Images and media: blob: and data: (signature pad, captcha SVG, camera captures).
 * connect-src: the API and the socket.io websocket, same origin.
 */
/**
 * The style nonce of each page the server builds (http/boot-page.ts puts it in `<meta property="csp-nonce">`): react-aria
 * adds two fixed `<style>` elements of its own (touch-action on pressable elements, overscroll while a modal is open)
 * and gives them the nonce it finds there. Fresh per page; keyed by the raw request.
 */
export const styleNonces = new WeakMap<object, string>();

export function pageCsp(host: string | null, shellScripts: readonly string[], styleNonce?: string): string {
  const scripts = host && shellScripts.length ? [...shellScripts.map((f) => `${host}/${f}`), `${host}/releases/`] : ["'self'"];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': scripts,
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...(styleNonce ? [`'nonce-${styleNonce}'`] : [])],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(host ? [`ws://${host}`, `wss://${host}`] : [])],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The shell's script files, read again only when its folder changes (a new build). */
function shellScriptLister(shellDir: string): () => string[] {
  let seen = -1;
  let files: string[] = [];
  return () => {
    let mtime: number;
    try {
      mtime = statSync(shellDir).mtimeMs;
    } catch {
      return [];
    }
    if (mtime !== seen) {
      files = readdirSync(shellDir).filter((f) => /^[\w.-]+\.js$/.test(f));
      seen = mtime;
    }
    return files;
  };
}

function hostOf(request: FastifyRequest, publicUrl?: string): string | null {
  const host = publicUrl ? new URL(publicUrl).host : request.headers.host;
  return host && HOST.test(host) ? host : null;
}

/**
 * Security headers on every answer (page, static files, API, errors): helmet's set (nosniff, HSTS, frameguard
 * DENY, same-origin referrer and opener, no X-Powered-By...) plus a Content-Security-Policy chosen by what the
 * answer is: the page's policy for HTML, the closed API policy for the rest. Registered before the auth hook, so
 * a 401 carries them too.
 */
export default fp<SecurityHeadersOptions>(
  async (app, opts) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: false, // set per answer below
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    });
    const shellScripts = shellScriptLister(opts.shellDir);
    app.addHook('onSend', async (request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      const html = type.startsWith('text/html');
      const docs = html && request.url.startsWith('/docs/api');
      reply.header('content-security-policy', docs ? DOCS_CSP : html ? pageCsp(hostOf(request, opts.publicUrl), shellScripts(), styleNonces.get(request.raw)) : API_CSP);
      // The camera and microphone are for this origin's video KYC; nothing here uses the rest.
      reply.header('permissions-policy', 'camera=(self), microphone=(self), geolocation=(self), usb=(), serial=(), bluetooth=()');
      return payload;
    });
  },
  { name: 'security-headers' },
);
