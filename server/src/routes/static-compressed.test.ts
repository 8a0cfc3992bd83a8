import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../test/helper.js';

/** Writes a file with its .br and .gz twins, as the webpack build does. */
function writeWithTwins(root: string, file: string, content: string): void {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, content);
  fs.writeFileSync(`${full}.br`, brotliCompressSync(content));
  fs.writeFileSync(`${full}.gz`, gzipSync(content));
}

describe('static serving of precompressed bundles', () => {
  let app: FastifyInstance;
  let root: string;
  const chunk = 'export const chunk = "chunk";'.repeat(50);
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-static-gz-'));
    writeWithTwins(root, 'shell/dist/index.html', '<!doctype html><title>console</title>');
    writeWithTwins(root, 'shell/dist/main.3f2a9c1b7d.js', 'console');
    writeWithTwins(root, 'shell/dist/main.3f2a9c1b7d.css', 'body{color:red}');
    writeWithTwins(root, 'mfe-roles/dist/mf-manifest.json', '{"id":"roles"}');
    writeWithTwins(root, 'mfe-roles/dist/remoteEntry.js', 'entry');
    writeWithTwins(root, 'mfe-roles/dist/123.a1b2c3d4e5.js', chunk);
    // No twins: served as is.
    fs.writeFileSync(path.join(root, 'mfe-roles/dist/456.b1b2c3d4e5.js'), 'plain');
    app = await buildTestApp({ env: { STATIC_DIR: root } });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('serves brotli when accepted, with the headers of the original file', async () => {
    const res = await get('/remotes/roles/123.a1b2c3d4e5.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(chunk);
  });

  it('serves gzip to a client without brotli, and the plain file to one without either', async () => {
    const gz = await get('/remotes/roles/123.a1b2c3d4e5.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(chunk);
    const plain = await get('/remotes/roles/123.a1b2c3d4e5.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('keeps entry files revalidated and typed when compressed', async () => {
    const manifest = await get('/remotes/roles/mf-manifest.json', 'br');
    expect(manifest.headers['content-encoding']).toBe('br');
    expect(manifest.headers['content-type']).toMatch(/application\/json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    const entry = await get('/remotes/roles/remoteEntry.js', 'gzip');
    expect(entry.headers['content-encoding']).toBe('gzip');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(entry.rawPayload).toString()).toBe('entry');
  });

  it('serves shell assets compressed, uncorsed, and files without twins as they are', async () => {
    const css = await get('/main.3f2a9c1b7d.css', 'br');
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.headers['access-control-allow-origin']).toBeUndefined();
    const plain = await get('/remotes/roles/456.b1b2c3d4e5.js', 'br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('plain');
  });

  it('still answers index.html for client routes, never stored (it carries the startup answers)', async () => {
    const res = await get('/home/roles', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<title>console</title>');
  });
});
