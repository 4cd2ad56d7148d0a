import { parentPort } from 'node:worker_threads';
import { analyzePcm, type AudioReadingAnswer, type AudioReadingRequest } from './audio-reading';

/**
 * An audio-reading worker thread (see audio-reading.pool.ts): reads each PCM it is sent, one at
 * a time, and answers with the reading or the error's message. Bundled as its own entry beside
 * the API's main.js (scripts/webpack.api.js); from source, the pool transpiles it on require.
 */
parentPort?.on('message', (request: AudioReadingRequest) => {
  const answer = (message: AudioReadingAnswer) => parentPort?.postMessage(message);
  analyzePcm({ samples: request.samples, sampleRate: request.sampleRate }).then(
    (reading) => answer({ id: request.id, reading }),
    (error: unknown) =>
      answer({ id: request.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
