/**
 * Tells the user's edits from what scripts do to the canvas, so that saving keeps the first and drops the second.
 *
 * Content scripts and widgets run inside the editing canvas: a dropdown opened while editing, a slider
 * that moved on, a booking widget that injected its iframe. None of that is content; saved, it would pile up on
 * every load. So every mutation is recorded: those made while the user edits (between beforeinput and input, or
 * around a toolbar command) are the user's; everything else is "generated". Serialising clones the content and
 * undoes the generated part on the clone: generated nodes removed, attributes and texts changed by scripts put
 * back as they were, nodes that scripts removed put back where they were. A generated text that the user then
 * edits becomes content, in place of what the script had replaced.
 */
export class ChangeTracker {
  private generated = new WeakSet<Node>();
  private ownNodes = new WeakSet<Node>();
  private originalAttributes = new WeakMap<Element, Map<string, string | null>>();
  private originalTexts = new WeakMap<CharacterData, string>();
  /** Content nodes that scripts took out, by their former parent, with the sibling they stood before. */
  private removed = new WeakMap<Node, { node: Node; before: Node | null }[]>();
  private userEditing = false;
  private readonly observer: MutationObserver;

  constructor(private readonly root: HTMLElement) {
    this.observer = new MutationObserver((records) => this.record(records, this.userEditing));
  }

  /** Starts recording, forgetting everything recorded before (new content was loaded). */
  start(): void {
    this.observer.disconnect();
    this.generated = new WeakSet();
    this.ownNodes = new WeakSet();
    this.originalAttributes = new WeakMap();
    this.originalTexts = new WeakMap();
    this.removed = new WeakMap();
    this.userEditing = false;
    this.observer.observe(this.root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeOldValue: true,
      characterData: true,
      characterDataOldValue: true,
    });
  }

  stop(): void {
    this.observer.disconnect();
  }

  /** Nodes the runtime itself put in as content (the fresh copies of the content's scripts). */
  markAsContent(nodes: Iterable<Node>): void {
    for (const node of nodes) this.ownNodes.add(node);
  }

  beginUserEdit(): void {
    this.record(this.observer.takeRecords(), false);
    this.userEditing = true;
  }

  endUserEdit(): void {
    this.record(this.observer.takeRecords(), true);
    this.userEditing = false;
  }

  /** Runs a change made on the user's behalf (a toolbar command, a paste clean-up). */
  asUser<T>(change: () => T): T {
    this.beginUserEdit();
    try {
      return change();
    } finally {
      this.endUserEdit();
    }
  }

  /** The content as the user made it. */
  serialize(): string {
    this.record(this.observer.takeRecords(), this.userEditing);
    const copy = this.root.cloneNode(true);
    this.undoGenerated(this.root, copy);
    return (copy as HTMLElement).innerHTML;
  }

  private record(records: MutationRecord[], byUser: boolean): void {
    for (const record of records) {
      if (record.type === 'childList') {
        if (byUser) continue;
        record.addedNodes.forEach((node) => {
          if (!this.ownNodes.has(node)) this.generated.add(node);
        });
        record.removedNodes.forEach((node) => {
          if (this.generated.has(node) || this.ownNodes.has(node) || this.generated.has(record.target)) return;
          let list = this.removed.get(record.target);
          if (!list) this.removed.set(record.target, (list = []));
          list.push({ node, before: record.nextSibling });
        });
      } else if (record.type === 'attributes') {
        const element = record.target as Element;
        const name = record.attributeName!;
        if (byUser) {
          this.originalAttributes.get(element)?.delete(name);
        } else if (!this.generated.has(element)) {
          let originals = this.originalAttributes.get(element);
          if (!originals) this.originalAttributes.set(element, (originals = new Map()));
          if (!originals.has(name)) originals.set(name, record.oldValue);
        }
      } else {
        const text = record.target as CharacterData;
        if (byUser) {
          this.originalTexts.delete(text);
          // The user took over a script's text: it is content now, in place of what the script had replaced.
          if (this.generated.delete(text) && text.parentNode) this.removed.delete(text.parentNode);
        } else if (!this.generated.has(text) && !this.originalTexts.has(text))
          this.originalTexts.set(text, record.oldValue ?? '');
      }
    }
  }

  /** Walks the live tree and its copy side by side, undoing on the copy what was generated in the live one. */
  private undoGenerated(live: Node, copy: Node): void {
    const liveChildren = Array.from(live.childNodes);
    const copyChildren = Array.from(copy.childNodes);
    const twins = new Map<Node, Node>(liveChildren.map((child, index) => [child, copyChildren[index]!]));
    liveChildren.forEach((child, index) => {
      const twin = copyChildren[index]!;
      if (this.generated.has(child)) {
        twin.parentNode?.removeChild(twin);
        return;
      }
      const originals = child instanceof Element ? this.originalAttributes.get(child) : undefined;
      if (originals) {
        for (const [name, value] of originals) {
          if (value === null) (twin as Element).removeAttribute(name);
          else (twin as Element).setAttribute(name, value);
        }
      }
      if (child instanceof CharacterData && this.originalTexts.has(child))
        (twin as CharacterData).data = this.originalTexts.get(child)!;
      this.undoGenerated(child, twin);
    });
    for (const { node, before } of this.removed.get(live) ?? []) {
      const anchor = before && twins.get(before);
      const restored = node.cloneNode(true);
      if (anchor && anchor.parentNode === copy) copy.insertBefore(restored, anchor);
      else copy.appendChild(restored);
    }
  }
}
