/**
 * Features never import each other (DESIGN.md): a file under src/features/<a>/ may not import from
 * src/features/<b>/. Shared code moves down to domain/, ui/, data/, sync/ or lib/.
 */
import path from 'node:path';

const FEATURE_DIR = `${path.sep}src${path.sep}features${path.sep}`;

function featureOf(file) {
  const i = file.indexOf(FEATURE_DIR);
  if (i === -1) return null;
  return file.slice(i + FEATURE_DIR.length).split(path.sep)[0] ?? null;
}

function targetFeature(source, file) {
  if (source.startsWith('@/features/')) return source.slice('@/features/'.length).split('/')[0];
  if (source.startsWith('.')) return featureOf(path.resolve(path.dirname(file), source));
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'disallow one feature importing another' },
    schema: [],
    messages: {
      cross:
        'Feature "{{from}}" must not import feature "{{to}}"; move shared code to domain/, ui/, data/, sync/ or lib/.',
    },
  },
  create(context) {
    const file = context.filename;
    const from = featureOf(file);
    if (!from) return {};
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const to = targetFeature(node.source.value, file);
      if (to && to !== from) context.report({ node, messageId: 'cross', data: { from, to } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
