'use strict';
/**
 * nest-cli.json's webpack hook for the API bundles: they are written under REELSCOUT_BUILD_ROOT
 * (set by scripts/build.js: dist for `npm start`, .build/test for the tests), else under dist.
 */
const path = require('node:path');

module.exports = (options) => ({
  ...options,
  output: {
    ...options.output,
    path: process.env.REELSCOUT_BUILD_ROOT || path.join(process.cwd(), 'dist'),
  },
});
