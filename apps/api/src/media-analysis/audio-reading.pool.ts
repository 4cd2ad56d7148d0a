import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type {
  AudioReading,
  AudioReadingAnswer,
  AudioReadingRequest,
  PcmAudio,
} from './audio-reading';

/** The part of a `Worker` the pool uses (a test passes its own). */
export type ReaderThread = Pick<Worker, 'postMessage' | 'terminate' | 'ref' | 'unref' | 'on'>;

interface Task {
  id: number;
  pcm: PcmAudio;
  resolve(reading: AudioReading): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface Slot {
  thread: ReaderThread;
  task?: Task;
  /** Terminated or died: never used again. */
  gone?: boolean;
}

const WORKER = 'audio-reading.worker';

/**
 * From source (tests, and bench programs run by bench/support/run-ts.js), the worker runs the
 * TypeScript of its module graph transpiled here, once per process, as ts-jest does (isolated
 * modules): the worker itself never loads the compiler. The graph is small, relative and
 * framework-free (audio-reading.ts and what it imports), so no path alias is involved.
 */
const SOURCE_BOOTSTRAP = `
'use strict';
const { workerData } = require('node:worker_threads');
require.extensions['.ts'] = (module, filename) => module._compile(workerData.sources[filename], filename);
require(workerData.entry);
`;

let transpiled: Record<string, string> | undefined;

function workerSources(entry: string): Record<string, string> {
  if (transpiled) return transpiled;
  // Only from source, where TypeScript is installed (a bundle never comes here).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ts = require('typescript') as typeof import('typescript');
  const sources: Record<string, string> = {};
  const visit = (file: string) => {
    if (file in sources) return;
    const text = readFileSync(file, 'utf8');
    sources[file] = ts.transpileModule(text, {
      fileName: file,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
      },
    }).outputText;
    for (const [, relative] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g))
      visit(resolve(dirname(file), `${relative}.ts`));
  };
  visit(entry);
  return (transpiled = sources);
}

/**
 * Starts an audio-reading worker: the bundle's own entry beside main.js (webpack emits it there,
 * scripts/webpack.api.js), or from source when this file runs as TypeScript.
 */
export function startReaderThread(): ReaderThread {
  if (__filename.endsWith('.ts')) {
    const entry = join(__dirname, `${WORKER}.ts`);
    return new Worker(SOURCE_BOOTSTRAP, {
      eval: true,
      workerData: { entry, sources: workerSources(entry) },
    });
  }
  return new Worker(join(__dirname, `${WORKER}.js`));
}

/**
 * Reads decoded audio (tempo, energy, mood: `analyzePcm`) in worker threads, at most `size` at
 * once; further reads wait their turn. The reading is long synchronous stretches of CPU (the
 * beat tracker is one call), and a cold music call reads dozens of sounds: on the API's own
 * thread that held its event loop, and every other call it served, for a large part of a second
 * at a time. Threads start on first use and stay (idle ones do not keep the process
 * alive); an aborted read stops its thread (a reading cannot be interrupted), and a thread that
 * dies fails only its own read. The samples are handed over to the thread (transferred, so the
 * caller's array is empty afterwards) when the array spans its whole buffer, else copied.
 */
export class AudioReadingPool {
  private readonly idle: Slot[] = [];
  private readonly busy = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    readonly size: number,
    private readonly startThread: () => ReaderThread = startReaderThread,
  ) {
    if (!Number.isInteger(size) || size < 1)
      throw new Error(`pool size ${size}: a positive integer`);
  }

  /** Threads running (busy or idle): for tests and diagnostics. */
  get threads(): number {
    return this.idle.length + this.busy.size;
  }

  read(pcm: PcmAudio, signal?: AbortSignal): Promise<AudioReading> {
    if (this.closed) return Promise.reject(new Error('the audio-reading pool is closed'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<AudioReading>((resolve, reject) => {
      const task: Task = { id: this.nextId++, pcm, resolve, reject, signal };
      if (signal) {
        task.onAbort = () => this.abort(task, signal.reason);
        signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Fails what is waiting or running and stops every thread. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new Error('the audio-reading pool is closed');
    for (const task of this.queue.splice(0)) this.fail(task, error);
    const slots = [...this.idle.splice(0), ...this.busy];
    this.busy.clear();
    for (const slot of slots) {
      slot.gone = true;
      if (slot.task) this.fail(slot.task, error);
      slot.task = undefined;
    }
    await Promise.all(slots.map((slot) => slot.thread.terminate()));
  }

  /** Nest's shutdown hook (the pool is a provider of MediaAnalysisModule). */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  private dispatch(): void {
    while (!this.closed && this.queue.length > 0) {
      let slot = this.idle.pop();
      if (!slot) {
        if (this.busy.size >= this.size) return;
        slot = this.start();
      }
      this.run(slot, this.queue.shift()!);
    }
  }

  private start(): Slot {
    const slot: Slot = { thread: this.startThread() };
    slot.thread.on('message', (answer: AudioReadingAnswer) => this.answered(slot, answer));
    slot.thread.on('error', (error: Error) => this.lost(slot, error));
    slot.thread.on('exit', (code: number) =>
      this.lost(slot, new Error(`an audio-reading thread exited with code ${code}`)),
    );
    return slot;
  }

  private run(slot: Slot, task: Task): void {
    slot.task = task;
    this.busy.add(slot);
    slot.thread.ref();
    const whole =
      task.pcm.samples.byteOffset === 0 &&
      task.pcm.samples.byteLength === task.pcm.samples.buffer.byteLength;
    const samples = whole ? task.pcm.samples : task.pcm.samples.slice();
    const request: AudioReadingRequest = {
      id: task.id,
      samples,
      sampleRate: task.pcm.sampleRate,
    };
    slot.thread.postMessage(request, [samples.buffer as ArrayBuffer]);
  }

  private answered(slot: Slot, answer: AudioReadingAnswer): void {
    const task = slot.task;
    if (slot.gone || !task || task.id !== answer.id) return;
    slot.task = undefined;
    this.busy.delete(slot);
    slot.thread.unref();
    this.idle.push(slot);
    if ('error' in answer) this.fail(task, new Error(answer.error));
    else {
      this.detach(task);
      task.resolve(answer.reading);
    }
    this.dispatch();
  }

  /**
   * The thread failed, exited or was stopped: its read (if any) fails with `error`, and the
   * next read starts a new thread.
   */
  private lost(slot: Slot, error: unknown): void {
    if (slot.gone) return;
    slot.gone = true;
    this.busy.delete(slot);
    const index = this.idle.indexOf(slot);
    if (index >= 0) this.idle.splice(index, 1);
    const task = slot.task;
    slot.task = undefined;
    if (task) this.fail(task, error);
    this.dispatch();
  }

  private abort(task: Task, reason: unknown): void {
    const queued = this.queue.indexOf(task);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.fail(task, reason);
      return;
    }
    const slot = [...this.busy].find((candidate) => candidate.task === task);
    if (!slot) return;
    // A reading cannot be interrupted: its thread is stopped (its exit then finds it gone).
    void slot.thread.terminate();
    this.lost(slot, reason);
  }

  private fail(task: Task, error: unknown): void {
    this.detach(task);
    task.reject(error);
  }

  private detach(task: Task): void {
    if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
  }
}
