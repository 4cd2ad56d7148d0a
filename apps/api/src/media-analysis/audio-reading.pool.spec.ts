import { EventEmitter } from 'node:events';
import { threadId } from 'node:worker_threads';
import { analyzePcm, type AudioReadingAnswer, type AudioReadingRequest } from './audio-reading';
import { AudioReadingPool, type ReaderThread } from './audio-reading.pool';

const RATE = 22_050;

/** A click every half second (120 BPM) over a low hum: a reading with a beat. */
function clickTrack(seconds: number): Float32Array {
  const samples = new Float32Array(RATE * seconds);
  for (let i = 0; i < samples.length; i++) {
    const click = i % (RATE / 2) < 300 ? 0.8 * Math.sin(i / 3) : 0;
    samples[i] = click + 0.05 * Math.sin((2 * Math.PI * 110 * i) / RATE);
  }
  return samples;
}

/** A thread the test drives: it records what it is sent and answers when told. */
class FakeThread extends EventEmitter {
  readonly sent: AudioReadingRequest[] = [];
  terminated = false;
  refs = 0;

  postMessage(request: AudioReadingRequest): void {
    this.sent.push(request);
  }

  answer(answer: AudioReadingAnswer): void {
    this.emit('message', answer);
  }

  terminate(): Promise<number> {
    this.terminated = true;
    setImmediate(() => this.emit('exit', 1));
    return Promise.resolve(1);
  }

  ref(): void {
    this.refs += 1;
  }

  unref(): void {
    this.refs -= 1;
  }
}

function fakePool(size: number) {
  const threads: FakeThread[] = [];
  const pool = new AudioReadingPool(size, () => {
    const thread = new FakeThread();
    threads.push(thread);
    return thread as unknown as ReaderThread;
  });
  return { pool, threads };
}

const pcm = (seconds = 1) => ({ samples: new Float32Array(RATE * seconds), sampleRate: RATE });
const reading = (tempoBpm: number) =>
  ({ tempoBpm }) as unknown as Extract<AudioReadingAnswer, { reading: unknown }>['reading'];
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('AudioReadingPool', () => {
  describe('with real worker threads', () => {
    const pool = new AudioReadingPool(2);
    afterAll(() => pool.close());

    it('reads in a worker thread exactly what the in-process reading gives', async () => {
      const track = clickTrack(8);
      const expected = await analyzePcm({ samples: track.slice(), sampleRate: RATE });
      expect(expected.tempoBpm).toBeCloseTo(120, -1);

      const handed = track.slice();
      const got = await pool.read({ samples: handed, sampleRate: RATE });
      expect(got).toEqual(expected);
      expect(pool.threads).toBe(1);
      // The samples were handed over, not copied: the caller's array is empty now.
      expect(handed.length).toBe(0);
      expect(threadId).toBe(0);
    });

    it('copies a view of a larger buffer instead of taking the buffer from its owner', async () => {
      const track = clickTrack(10);
      const view = track.subarray(RATE, RATE * 9);
      const [inWorker, inProcess] = await Promise.all([
        pool.read({ samples: view, sampleRate: RATE }),
        analyzePcm({ samples: view.slice(), sampleRate: RATE }),
      ]);
      expect(inWorker).toEqual(inProcess);
      expect(view.length).toBe(RATE * 8);
      expect(track.length).toBe(RATE * 10);
    });

    it('reads several at once, in as many threads as its size', async () => {
      const tracks = [4, 5, 6].map((seconds) => clickTrack(seconds));
      const readings = await Promise.all(
        tracks.map((samples) => pool.read({ samples: samples.slice(), sampleRate: RATE })),
      );
      expect(readings.map((r) => r.analyzedSeconds)).toEqual([4, 5, 6]);
      expect(pool.threads).toBe(2);
    });

    it('stops a thread whose read is aborted, and reads on with a new one', async () => {
      const controller = new AbortController();
      const reason = new Error('the call ended');
      const aborted = pool.read({ samples: clickTrack(30), sampleRate: RATE }, controller.signal);
      controller.abort(reason);
      await expect(aborted).rejects.toBe(reason);
      const next = await pool.read({ samples: clickTrack(3), sampleRate: RATE });
      expect(next.analyzedSeconds).toBe(3);
    });
  });

  it('runs at most `size` reads at once; the rest wait their turn on the same threads', async () => {
    const { pool, threads } = fakePool(2);
    const reads = [pool.read(pcm()), pool.read(pcm()), pool.read(pcm())];
    expect(threads).toHaveLength(2);
    expect(threads.map((t) => t.sent.length)).toEqual([1, 1]);

    threads[0].answer({ id: threads[0].sent[0].id, reading: reading(100) });
    await settled();
    expect(threads).toHaveLength(2);
    expect(threads[0].sent).toHaveLength(2);
    threads[1].answer({ id: threads[1].sent[0].id, reading: reading(101) });
    threads[0].answer({ id: threads[0].sent[1].id, reading: reading(102) });

    expect((await Promise.all(reads)).map((r) => r.tempoBpm)).toEqual([100, 101, 102]);
    // A busy thread keeps the process alive; an idle one does not.
    expect(threads.map((t) => t.refs)).toEqual([0, 0]);
    await pool.close();
  });

  it('drops a waiting read that is aborted without sending it; the reason is the rejection', async () => {
    const { pool, threads } = fakePool(1);
    const first = pool.read(pcm());
    const controller = new AbortController();
    const waiting = pool.read(pcm(), controller.signal);
    controller.abort(new Error('client left'));
    await expect(waiting).rejects.toThrow('client left');

    threads[0].answer({ id: threads[0].sent[0].id, reading: reading(90) });
    await expect(first).resolves.toMatchObject({ tempoBpm: 90 });
    expect(threads[0].sent).toHaveLength(1);
    await expect(pool.read(pcm(), AbortSignal.abort(new Error('already')))).rejects.toThrow(
      'already',
    );
    await pool.close();
  });

  it('stops the thread of a running read that is aborted; the next read starts a new thread', async () => {
    const { pool, threads } = fakePool(1);
    const controller = new AbortController();
    const running = pool.read(pcm(), controller.signal);
    const waiting = pool.read(pcm());
    controller.abort(new Error('deadline'));
    await expect(running).rejects.toThrow('deadline');
    expect(threads[0].terminated).toBe(true);
    // The waiting read went to a new thread at once; a late answer from the old one is ignored.
    expect(threads).toHaveLength(2);
    expect(threads[1].sent).toHaveLength(1);
    threads[0].answer({ id: threads[0].sent[0].id, reading: reading(1) });
    threads[1].answer({ id: threads[1].sent[0].id, reading: reading(2) });
    await expect(waiting).resolves.toMatchObject({ tempoBpm: 2 });
    await pool.close();
  });

  it('fails only the read of a thread that dies or answers an error; the next read gets a new thread', async () => {
    const { pool, threads } = fakePool(1);
    const first = pool.read(pcm());
    threads[0].emit('exit', 1);
    await expect(first).rejects.toThrow('an audio-reading thread exited with code 1');

    const second = pool.read(pcm());
    expect(threads).toHaveLength(2);
    threads[1].answer({ id: threads[1].sent[0].id, error: 'the reading failed' });
    await expect(second).rejects.toThrow('the reading failed');

    const third = pool.read(pcm());
    expect(threads).toHaveLength(2);
    threads[1].emit('error', new Error('out of memory'));
    await expect(third).rejects.toThrow('out of memory');
    await pool.close();
  });

  it('on close, fails what waits or runs, stops its threads and refuses new reads', async () => {
    const { pool, threads } = fakePool(1);
    const running = pool.read(pcm());
    const waiting = pool.read(pcm());
    await pool.close();
    await expect(running).rejects.toThrow('closed');
    await expect(waiting).rejects.toThrow('closed');
    expect(threads.map((t) => t.terminated)).toEqual([true]);
    await expect(pool.read(pcm())).rejects.toThrow('closed');
    // A late answer from a stopped thread changes nothing.
    threads[0].answer({ id: threads[0].sent[0].id, reading: reading(1) });
  });

  it('needs a positive whole size', () => {
    expect(() => new AudioReadingPool(0)).toThrow('positive integer');
    expect(() => new AudioReadingPool(1.5)).toThrow('positive integer');
  });
});
