/**
 * ESLint rule: the web app shows a person no literal text; every word comes from the language
 * catalogues (web/src/i18n). It reports text between JSX tags, literal texts in the attributes and
 * props a person reads or hears (labels, titles, placeholders, messages), and literal texts given
 * as a toast's or an option's title, description or label.
 */
const WORDS = /\p{L}{2,}/u;

/** JSX attributes whose value a person reads or a screen reader says. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'message',
  'confirmLabel',
  'cancelLabel',
  'newLabel',
  'loadingLabel',
  'failedTitle',
  'intro',
  'requiredMessage',
  'hint',
  'error',
]);

/** Object keys whose literal value is a text shown to a person (toasts, options, metrics). */
const READ_KEYS = new Set(['title', 'description', 'label', 'message', 'text']);

/** The product's name is the same in every language. */
const hasWords = (text) => WORDS.test(text.replaceAll('Tempo', ''));

function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked).join(' ');
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  if (node.type === 'ConditionalExpression') return literalText(node.consequent) ?? literalText(node.alternate);
  if (node.type === 'LogicalExpression') return literalText(node.right);
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Texts a person reads come from the language catalogues' },
    messages: { literal: 'Text shown to a person must come from the catalogues (web/src/i18n): "{{text}}"' },
    schema: [],
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (hasWords(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent.type !== 'JSXElement' && node.parent.type !== 'JSXFragment') return;
        const text = literalText(node.expression);
        if (text && hasWords(text)) report(node, text);
      },
      JSXAttribute(node) {
        if (!READ_ATTRIBUTES.has(node.name.name)) return;
        const text = literalText(node.value);
        if (text && hasWords(text)) report(node, text);
      },
      Property(node) {
        const key = node.key.type === 'Identifier' ? node.key.name : node.key.value;
        if (!READ_KEYS.has(key)) return;
        const text = literalText(node.value);
        if (text && hasWords(text)) report(node, text);
      },
    };
  },
};
