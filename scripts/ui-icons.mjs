#!/usr/bin/env node
// Writes apps/web/src/ui/icons.tsx: the Material icons the phone layer draws (decision 049), as SVG paths copied from
// @mui/icons-material (Apache-2.0, Google's Material Icons), without MUI's SvgIcon and its styling engine.
//
//   node scripts/ui-icons.mjs                 rewrites the file with the icons it already has
//   node scripts/ui-icons.mjs Name [Name...]  adds icons by their @mui/icons-material name (ArrowBack, SendOutlined)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/web/src/ui/icons.tsx');
const source = path.join(root, 'node_modules/@mui/icons-material');

const have = existsSync(out)
  ? [...readFileSync(out, 'utf8').matchAll(/^export const (\w+)Icon = /gm)].map((m) => m[1])
  : [];
const names = [...new Set([...have, ...process.argv.slice(2)])].sort();

/** The icon's children as SVG markup, read from the module createSvgIcon is called with. */
function markupOf(name) {
  const file = path.join(source, `${name}.mjs`);
  if (!existsSync(file)) throw new Error(`no icon ${name} in @mui/icons-material`);
  const code = readFileSync(file, 'utf8');
  const parts = [...code.matchAll(/_jsx\("(\w+)", \{([^}]*)\}/g)].map(([, tag, attrs]) => {
    const pairs = [...attrs.matchAll(/(\w+): "([^"]*)"/g)].map(([, k, v]) => `${k}="${v}"`);
    return `<${tag} ${pairs.join(' ')}/>`;
  });
  if (parts.length === 0) throw new Error(`icon ${name}: no shape found`);
  return parts.join('');
}

const lines = [
  '// Written by scripts/ui-icons.mjs from @mui/icons-material (Apache-2.0, Material Icons by Google); do not edit.',
  '// Add an icon with `node scripts/ui-icons.mjs Name` (its @mui/icons-material name).',
  "import { createIcon } from './icon';",
  '',
  ...names.map((name) => `export const ${name}Icon = /*#__PURE__*/ createIcon('${markupOf(name)}');`),
  '',
];
writeFileSync(out, lines.join('\n'));
console.log(`${names.length} icons in ${path.relative(root, out)}`);
