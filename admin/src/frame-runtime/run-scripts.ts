const JAVASCRIPT_TYPES =
  /^(|text\/javascript|application\/javascript|text\/ecmascript|application\/ecmascript|module)$/i;

/**
 * Scripts inserted with innerHTML never run. Each one is replaced by a fresh copy, which does: inline ones at once,
 * external ones in document order (async off). Data blocks (JSON-LD, templates) are left alone. Returns the fresh
 * script elements, so that the canvas can tell them from nodes that content scripts create.
 */
export function runScripts(root: ParentNode): HTMLScriptElement[] {
  const fresh: HTMLScriptElement[] = [];
  for (const old of Array.from(root.querySelectorAll('script'))) {
    if (!JAVASCRIPT_TYPES.test((old.getAttribute('type') ?? '').trim())) continue;
    const script = document.createElement('script');
    for (const { name, value } of Array.from(old.attributes)) script.setAttribute(name, value);
    script.textContent = old.textContent;
    if (script.src) script.async = false;
    fresh.push(script);
    old.replaceWith(script);
  }
  return fresh;
}
