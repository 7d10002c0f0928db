import { describe, expect, it } from 'vitest';
import { serialRefetch } from '../../web/lib/serial-refetch';

/** A refetch whose rounds the test finishes by hand. */
function controlledRun() {
  const rounds: { finish: () => void }[] = [];
  const run = () =>
    new Promise<void>((resolve) => {
      rounds.push({ finish: resolve });
    });
  return { rounds, run };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('serialRefetch', () => {
  it('runs one more round after the one in flight, never two at once', async () => {
    const { rounds, run } = controlledRun();
    const reload = serialRefetch(run);
    reload();
    await settle();
    reload(); // while round 1 is in flight: Apollo would join round 1's request
    reload();
    await settle();
    expect(rounds).toHaveLength(1);

    rounds[0].finish();
    await settle();
    expect(rounds).toHaveLength(2); // the calls made during round 1 cost exactly one round after it

    rounds[1].finish();
    await settle();
    expect(rounds).toHaveLength(2);
  });

  it('keeps going after a failed round', async () => {
    let calls = 0;
    const reload = serialRefetch(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
    });
    reload();
    await settle();
    reload();
    await settle();
    expect(calls).toBe(2);
  });
});
