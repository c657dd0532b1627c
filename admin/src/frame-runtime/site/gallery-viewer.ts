/**
 * The gallery viewer, part of the site documents' one script (parent.ts): the gallery's thumbnails are plain
 * links to their images (what works without scripts); with scripts they open a modal <dialog> that shows the image
 * with its alternative text and caption, "Image 2 of 3", Previous and Next (and the arrow keys), and closes with
 * Escape, Close or a click beside it, giving the focus back to the thumbnail that opened it. Built from constant
 * markup: what staff wrote reaches it only through textContent and attributes; so do its words, which the document
 * gives in its language (`data-words-*` on the gallery), English where it gives none.
 */
export function startGalleryViewer(): void {
  const gallery = document.querySelector('[data-gallery]');
  if (!gallery || typeof HTMLDialogElement !== 'function') return;
  const links = gallery.querySelectorAll<HTMLAnchorElement>('a.gallery-link');
  // The viewer's words, in the document's language, given by the document on the gallery (tour-sections-html.ts).
  const word = (name: string, english: string) => gallery.getAttribute(`data-words-${name}`) ?? english;
  const counted = (text: string, n: number) => text.replace('{n}', String(n)).replace('{total}', String(links.length));
  const viewer = document.createElement('dialog');
  viewer.className = 'viewer';
  viewer.innerHTML =
    '<figure class="viewer-figure"><img class="viewer-image" alt=""><figcaption class="viewer-caption"></figcaption></figure>' +
    '<p class="viewer-count"></p><p class="sr-only" aria-live="polite"></p><div class="viewer-nav"><button type="button" class="viewer-prev"></button>' +
    '<button type="button" class="viewer-next"></button></div><button type="button" class="viewer-close"></button>';
  document.body.appendChild(viewer);
  const part = <T extends Element>(selector: string) => viewer.querySelector<T>(selector)!;
  part('.viewer-prev').textContent = word('previous', 'Previous');
  part('.viewer-next').textContent = word('next', 'Next');
  part('.viewer-close').textContent = word('close', 'Close');
  const countText = word('count', 'Image {n} of {total}');
  const labelText = word('label', 'Gallery, image {n} of {total}');
  const image = part<HTMLImageElement>('.viewer-image');
  const caption = part<HTMLElement>('.viewer-caption');
  const count = part<HTMLElement>('.viewer-count');
  const spoken = part<HTMLElement>('[aria-live]');
  const next = part<HTMLButtonElement>('.viewer-next');
  let shown = 0;
  let opener: HTMLAnchorElement | null = null;

  const show = (index: number) => {
    shown = (index + links.length) % links.length;
    const link = links[shown]!;
    const thumb = link.querySelector('img');
    const text = link.parentNode?.querySelector('figcaption');
    image.src = link.href;
    image.alt = thumb ? thumb.alt : '';
    caption.textContent = text ? text.textContent : '';
    count.textContent = counted(countText, shown + 1);
    viewer.setAttribute('aria-label', counted(labelText, shown + 1));
    // Said as the image changes: where it is, what it shows, its caption.
    spoken.textContent = `${count.textContent}: ${image.alt}${caption.textContent ? `. ${caption.textContent}` : ''}`;
  };

  for (const link of links) {
    link.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      opener = link;
      show(Number(link.getAttribute('data-gallery-index')) || 0);
      viewer.showModal();
      next.focus();
    });
  }
  part('.viewer-prev').addEventListener('click', () => show(shown - 1));
  next.addEventListener('click', () => show(shown + 1));
  part('.viewer-close').addEventListener('click', () => viewer.close());
  viewer.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      show(shown - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      show(shown + 1);
    }
  });
  viewer.addEventListener('click', (event) => {
    if (event.target === viewer) viewer.close();
  });
  viewer.addEventListener('close', () => opener?.focus());
}
