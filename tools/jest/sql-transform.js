'use strict';
/**
 * Jest transform for `.sql` files: a module whose default export is the file's text, as the
 * API's webpack build gives it (scripts/webpack.api.js, `asset/source`).
 */
module.exports = {
  process(source) {
    return { code: `module.exports = { __esModule: true, default: ${JSON.stringify(source)} };` };
  },
};
