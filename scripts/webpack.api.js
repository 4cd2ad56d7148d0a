'use strict';
/**
 * nest-cli.json's webpack hook for the API bundles: they are written under REELSCOUT_BUILD_ROOT
 * (set by scripts/build.js: dist for `npm start`, .build/test for the tests), else under dist.
 * Each bundle (main.js, cli.js) is emitted with the audio-reading worker beside it
 * (`audio-reading.worker.js`, started by apps/api/src/media-analysis/audio-reading.pool.ts).
 */
const path = require('node:path');

const WORKER = 'audio-reading.worker';

module.exports = (options) => {
  const main = options.output.filename;
  return {
    ...options,
    entry: {
      main: options.entry,
      [WORKER]: path.join(__dirname, '..', 'apps', 'api', 'src', 'media-analysis', `${WORKER}.ts`),
    },
    module: {
      ...options.module,
      // libs/database's money.sql, bundled as its text (the migration that applies it).
      rules: [...(options.module?.rules ?? []), { test: /\.sql$/, type: 'asset/source' }],
    },
    output: {
      ...options.output,
      path: process.env.REELSCOUT_BUILD_ROOT || path.join(process.cwd(), 'dist'),
      filename: (data) =>
        data.chunk.name === WORKER ? path.join(path.dirname(main), `${WORKER}.js`) : main,
    },
  };
};
