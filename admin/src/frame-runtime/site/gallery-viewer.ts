/**
 * The gallery viewer, part of the site documents' one script (parent.ts): the gallery's thumbnails are plain
 * links to their images (what works without scripts); with scripts they open a modal <dialog> that shows the image
 * with its alternative text and caption, "Image 2 of 3", Previous and Next (and the arrow keys), and closes with
 * Escape, Close or a click beside it, giving the focus back to the thumbnail that opened it. Built from constant
 * markup: what staff wrote reaches it only through textContent and attributes.
 */
export function startGalleryViewer(): void {
  const gallery = document.querySelector('[data-gallery]');
  if (!gallery || typeof HTMLDialogElement !== 'function') return;
  const links = gallery.querySelectorAll<HTMLAnchorElement>('a.gallery-link');
  const viewer = document.createElement('dialog');
  viewer.className = 'viewer';
  viewer.innerHTML =
    '<figure class="viewer-figure"><img class="viewer-image" alt=""><figcaption class="viewer-caption"></figcaption></figure>' +
    '<p class="viewer-count"></p><p class="sr-only" aria-live="polite"></p><div class="viewer-nav"><button type="button" class="viewer-prev">Previous</button>' +
    '<button type="button" class="viewer-next">Next</button></div><button type="button" class="viewer-close">Close</button>';
  document.body.appendChild(viewer);
  const part = <T extends Element>(selector: string) => viewer.querySelector<T>(selector)!;
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
    count.textContent = `Image ${shown + 1} of ${links.length}`;
    viewer.setAttribute('aria-label', `Gallery, image ${shown + 1} of ${links.length}`);
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
