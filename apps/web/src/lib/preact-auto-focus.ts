import { options } from 'preact';
import type { Ref, VNode } from 'preact';

/**
 * React focuses an element drawn with `autoFocus` once it is on the page; Preact only writes the attribute, which a
 * browser honours only while the document loads (decision 056). Without this a confirmation's "yes", the lock screen's
 * password or a dialog's first field would not take focus. Each element drawn with `autoFocus` is focused once, when
 * Preact first hands it to its ref (after it is in the document); the element's own ref still gets it.
 */
const focused = new WeakSet<Element>();

function withFocus(ref: Ref<Element> | null | undefined) {
  return (element: Element | null) => {
    if (element instanceof HTMLElement && !focused.has(element)) {
      focused.add(element);
      element.focus();
    }
    if (typeof ref === 'function') return ref(element);
    if (ref) ref.current = element;
    return undefined;
  };
}

const next = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as { autoFocus?: unknown };
  if (typeof vnode.type === 'string' && props.autoFocus === true)
    vnode.ref = withFocus(vnode.ref as Ref<Element> | null | undefined);
  next?.(vnode);
};
