/**
 * Upload memory benchmark (prints figures, never asserts on time): a 200 MB file (over ATTACHMENT_MAX_MB,
 * refused while it streams) and a 20 MB file (accepted) posted to POST /api/tasks/{id}/attachments as a
 * browser would (multipart, sent as it is generated, never held whole by the client), with the server's
 * RSS sampled every 20 ms: before, peak during each upload, and after. Flat means the server holds a
 * chunk at a time, not the file.
 * Run: npm run bench -- upload. The production server of `npm start` (dist/), on a fresh SQLite file.
 * Settings: UPLOAD_REFUSED_MB (200), UPLOAD_ACCEPTED_MB (20).
 */
import { Client } from '../api/support/client.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';

const REFUSED_MB = Math.max(26, Number(process.env.UPLOAD_REFUSED_MB ?? 200));
const ACCEPTED_MB = Math.max(1, Math.min(25, Number(process.env.UPLOAD_ACCEPTED_MB ?? 20)));
const MB = 1024 * 1024;

/** A multipart body of one `file` part of `megabytes` pseudo-random bytes, produced 1 MB at a time. */
function multipartStream(boundary: string, name: string, megabytes: number): ReadableStream<Uint8Array> {
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  let sent = -1;
  let seed = 0x9e3779b9;
  return new ReadableStream({
    pull(controller) {
      if (sent === -1) controller.enqueue(head);
      else if (sent < megabytes) {
        const chunk = new Uint8Array(MB);
        for (let i = 0; i < MB; i += 4) {
          seed = (seed * 1664525 + 1013904223) >>> 0;
          chunk[i] = seed & 0xff;
          chunk[i + 1] = (seed >>> 8) & 0xff;
          chunk[i + 2] = (seed >>> 16) & 0xff;
          chunk[i + 3] = seed >>> 24;
        }
        controller.enqueue(chunk);
      } else {
        controller.enqueue(tail);
        controller.close();
      }
      sent++;
    },
  });
}

/** Samples the server's RSS every 20 ms while `work` runs; returns the work's result and the peak. */
async function withPeakRss<T>(server: ServerProcess, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = server.rssBytes();
  const timer = setInterval(() => (peak = Math.max(peak, server.rssBytes())), 20);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, server.rssBytes()) };
  } finally {
    clearInterval(timer);
  }
}

/** Posts one generated file; the status, or what ended the request (a server may close it early after its 413). */
async function upload(client: Client, taskId: string, name: string, megabytes: number): Promise<string> {
  const boundary = `----bench${Date.now().toString(36)}`;
  try {
    const res = await fetch(`${client.baseUrl}/api/tasks/${taskId}/attachments`, {
      method: 'POST',
      body: multipartStream(boundary, name, megabytes),
      headers: { cookie: client.cookieHeader(), origin: client.baseUrl, 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    await res.arrayBuffer();
    return String(res.status);
  } catch (err) {
    return `connection closed by the server (${(err as Error & { cause?: { code?: string } }).cause?.code ?? (err as Error).message})`;
  }
}

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

async function main(): Promise<void> {
  const server = await startServerProcess();
  try {
    const user = new Client(server.url, { origin: server.url });
    await user.login('user');
    const created = await user.post('/api/tasks', { title: 'Upload bench' });
    if (created.status !== 201) throw new Error(`POST /api/tasks answered ${created.status}`);
    const taskId = (created.body as { id: string }).id;
    const before = server.rssBytes();
    console.log(`Uploads to one task, SQLite; server RSS before: ${mb(before)}`);

    const refused = await withPeakRss(server, () => upload(user, taskId, 'too-large.bin', REFUSED_MB));
    const afterRefused = (await user.get(`/api/tasks/${taskId}/attachments`)).body as unknown[];
    console.log(
      `  ${REFUSED_MB} MB file: ${refused.result}; peak RSS ${mb(refused.peak)} (+${mb(refused.peak - before)}); files on the task after: ${afterRefused.length}`,
    );

    const accepted = await withPeakRss(server, () => upload(user, taskId, 'accepted.bin', ACCEPTED_MB));
    const afterAccepted = (await user.get(`/api/tasks/${taskId}/attachments`)).body as { size: number }[];
    console.log(
      `  ${ACCEPTED_MB} MB file: ${accepted.result}; peak RSS ${mb(accepted.peak)} (+${mb(accepted.peak - before)}); stored ${afterAccepted.map((a) => mb(a.size)).join(', ') || 'nothing'}`,
    );
    console.log(`  server RSS after: ${mb(server.rssBytes())}`);
  } finally {
    await server.stop();
  }
}

await main();
