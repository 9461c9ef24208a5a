/**
 * A page's stylesheet wins over the phone layer's (decision 049), whatever order the browser gets them in: every
 * selector of a CSS module outside `src/ui` has its first class doubled (`.label` -> `.label.label`, one class more
 * of specificity), so a page's `.label { color }` on a `ui` component beats the component's own `.text { color }`.
 * Without it the winner of two rules of one specificity is the stylesheet loaded last, and a lazy route's stylesheets
 * arrive in the order their chunks happen to be fetched (a page's before a component's it imports, at times).
 */
interface CssRule {
  selectors: string[];
  source?: { input: { file?: string } };
  some: (test: (node: { type: string; prop?: string }) => boolean) => boolean;
}

/** The first class of a selector, after an optional `:root[...]` or `[dir=...]` context. */
const FIRST_CLASS = /^((?::root(?:\[[^\]]*\])?|\[dir=[^\]]*\])\s+)?\.(-?[_a-zA-Z][\w-]*)/;

export const pageStylesWin = {
  postcssPlugin: 'promoter-page-styles-win',
  Rule(rule: CssRule) {
    const file = rule.source?.input.file ?? '';
    if (!file.endsWith('.module.css') || /[\\/]src[\\/]ui[\\/]/.test(file)) return;
    // CSS modules compose from a rule of one class only; such a rule keeps its selector.
    if (rule.some((node) => node.type === 'decl' && node.prop === 'composes')) return;
    rule.selectors = rule.selectors.map((selector) => selector.replace(FIRST_CLASS, '$1.$2.$2'));
  },
};
