/**
 * Import benchmark (prints figures, never asserts on time): a generated Trello board export of
 * IMPORT_CARDS cards (10,000) with labels, members, checklists and comments, posted to POST /api/imports
 * as an admin would, polled until done; prints the import rate (tasks/s), what was created, the
 * server's peak RSS, and how long a small read waits while the import runs.
 * Run: npm run bench -- import. The production server of `npm start` (dist/), on a fresh SQLite file
 * (or DATABASE_URL/REDIS_URL when set). Settings: IMPORT_CARDS.
 */
import { Client } from '../api/support/client.js';
import { startServerProcess } from './support/server-process.js';

const CARDS = Math.max(10, Math.min(100_000, Number(process.env.IMPORT_CARDS ?? 10_000)));

/** A Trello board export (the JSON of Board menu > Print and export > JSON) of `cards` cards. */
function trelloBoard(cards: number): unknown {
  const lists = ['Backlog', 'Doing', 'Review', 'Done'].map((name, i) => ({ id: `list${i}`, name, closed: false, pos: (i + 1) * 16384 }));
  const labels = ['Frontend', 'Backend', 'Urgent', 'Design'].map((name, i) => ({ id: `lab${i}`, name, color: 'green' }));
  const members = [
    { id: 'mem0', username: 'user', fullName: 'Uri User' },
    { id: 'mem1', username: 'manager', fullName: 'Maya Manager' },
    { id: 'mem2', username: 'someone_else', fullName: 'Someone Else' },
  ];
  const checklists: unknown[] = [];
  const actions: unknown[] = [];
  const cardList = Array.from({ length: cards }, (_, i) => {
    const id = `card${i}`;
    const idChecklists = i % 2 === 0 ? [`chk${i}`] : [];
    if (idChecklists.length)
      checklists.push({
        id: `chk${i}`,
        idCard: id,
        name: 'Steps',
        checkItems: [0, 1, 2].map((k) => ({ id: `item${i}-${k}`, name: `Step ${k + 1}`, state: k === 0 ? 'complete' : 'incomplete', pos: k })),
      });
    if (i % 3 === 0)
      actions.push({
        id: `act${i}`,
        type: 'commentCard',
        date: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        idMemberCreator: members[i % 3].id,
        memberCreator: members[i % 3],
        data: { text: `Progress note on card ${i}: waiting for the invoice batch.`, card: { id, name: `Card ${i}` } },
      });
    const label = labels[i % labels.length];
    return {
      id,
      name: `Imported card ${i}: ${['Fix login redirect', 'Write release notes', 'Check invoice batch', 'Plan sprint goals'][i % 4]}`,
      desc: i % 5 === 0 ? `Details of card ${i}.\n\nMore text to carry, as real cards have.` : '',
      closed: false,
      due: i % 4 === 0 ? new Date(Date.UTC(2027, 0, 1 + (i % 300))).toISOString() : null,
      dueComplete: false,
      idList: lists[i % lists.length].id,
      idMembers: [members[i % 3].id],
      idLabels: [label.id],
      labels: [label],
      idChecklists,
      pos: i,
      dateLastActivity: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    };
  });
  return { id: 'bench-board', name: 'Bench board', desc: '', closed: false, labels, lists, members, cards: cardList, checklists, actions };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const file = JSON.stringify(trelloBoard(CARDS));
  const server = await startServerProcess(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL ?? '' } : {});
  try {
    const admin = new Client(server.url);
    await admin.login('admin');
    const form = new FormData();
    form.set('source', 'trello');
    form.set('file', new Blob([file], { type: 'application/json' }), 'board.json');
    const started = performance.now();
    const res = await fetch(`${server.url}/api/imports`, { method: 'POST', body: form, headers: { cookie: admin.cookieHeader() } });
    if (res.status !== 202) throw new Error(`POST /api/imports answered ${res.status}: ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    let peakRss = server.rssBytes();
    const waits: number[] = [];
    let job: { status: string; processed: number; created: Record<string, number>; skipped: unknown[]; error: string | null };
    for (;;) {
      const asked = performance.now();
      job = (await admin.get(`/api/imports/${id}`)).body;
      waits.push(performance.now() - asked);
      peakRss = Math.max(peakRss, server.rssBytes());
      if (job.status === 'done' || job.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    if (job.status !== 'done') throw new Error(`The import failed: ${job.error}`);
    console.log(
      `Trello board of ${CARDS.toLocaleString('en')} cards (${(file.length / 1048576).toFixed(1)} MB), ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`,
    );
    console.log(`  done in ${seconds.toFixed(1)} s: ${Math.round(job.created.tasks / seconds)} tasks/s`);
    console.log(
      `  created ${job.created.tasks} tasks, ${job.created.subtasks} subtasks, ${job.created.comments} comments; ${job.skipped.length} skipped rows reported`,
    );
    console.log(`  server peak RSS ${Math.round(peakRss / 1048576)} MB`);
    console.log(`  a progress read while it ran: p50 ${Math.round(median(waits))} ms, max ${Math.round(Math.max(...waits))} ms (${waits.length} reads)`);
  } finally {
    await server.stop();
  }
}

await main();
