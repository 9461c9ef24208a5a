import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../src/plugins/web';

// The first paint's script is inline in the built index.html; the CSP allows exactly it, by its hash (decision 027).
describe('inlineScriptHashes', () => {
  it('hashes each inline script of index.html as CSP writes it, and nothing else', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    try {
      const code = "(function () {\n  'use strict';\n  document.title = '推广员';\n})();";
      writeFileSync(
        path.join(dir, 'index.html'),
        `<html><head><script type="module" src="./assets/index-x.js"></script></head>` +
          `<body><div id="root"></div><script>${code}</script></body></html>`,
      );
      const expected = `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
      expect(inlineScriptHashes(dir)).toEqual([expected]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('allows no inline script without a build', () => {
    expect(inlineScriptHashes(path.join(os.tmpdir(), 'no-such-web-dist'))).toEqual([]);
  });
});
