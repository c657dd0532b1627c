/**
 * The gallery viewer, part of the site documents' one script (PARENT_SCRIPT): the gallery's thumbnails are plain
 * links to their images (what works without scripts); with scripts they open a modal <dialog> that shows the image
 * with its alternative text and caption, "Image 2 of 3", Previous and Next (and the arrow keys), and closes with
 * Escape, Close or a click beside it, giving the focus back to the thumbnail that opened it. Built from constant
 * markup: what staff wrote reaches it only through textContent and attributes.
 */
export const GALLERY_VIEWER_SCRIPT = `
  var gallery = document.querySelector('[data-gallery]');
  if (gallery && typeof HTMLDialogElement === 'function') {
    var links = gallery.querySelectorAll('a.gallery-link');
    var viewer = document.createElement('dialog');
    viewer.className = 'viewer';
    viewer.innerHTML = '<figure class="viewer-figure"><img class="viewer-image" alt=""><figcaption class="viewer-caption"></figcaption></figure>' +
      '<p class="viewer-count"></p><p class="sr-only" aria-live="polite"></p><div class="viewer-nav"><button type="button" class="viewer-prev">Previous</button>' +
      '<button type="button" class="viewer-next">Next</button></div><button type="button" class="viewer-close">Close</button>';
    document.body.appendChild(viewer);
    var shown = 0;
    var opener = null;
    var image = viewer.querySelector('.viewer-image');
    var caption = viewer.querySelector('.viewer-caption');
    var count = viewer.querySelector('.viewer-count');
    var spoken = viewer.querySelector('[aria-live]');
    var show = function (index) {
      shown = (index + links.length) % links.length;
      var link = links[shown];
      var thumb = link.querySelector('img');
      var text = link.parentNode.querySelector('figcaption');
      image.src = link.href;
      image.alt = thumb ? thumb.alt : '';
      caption.textContent = text ? text.textContent : '';
      count.textContent = 'Image ' + (shown + 1) + ' of ' + links.length;
      viewer.setAttribute('aria-label', 'Gallery, image ' + (shown + 1) + ' of ' + links.length);
      // Said as the image changes: where it is, what it shows, its caption.
      spoken.textContent = count.textContent + ': ' + image.alt + (caption.textContent ? '. ' + caption.textContent : '');
    };
    for (var l = 0; l < links.length; l++) {
      links[l].addEventListener('click', function (event) {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        opener = this;
        show(Number(this.getAttribute('data-gallery-index')) || 0);
        viewer.showModal();
        viewer.querySelector('.viewer-next').focus();
      });
    }
    viewer.querySelector('.viewer-prev').addEventListener('click', function () { show(shown - 1); });
    viewer.querySelector('.viewer-next').addEventListener('click', function () { show(shown + 1); });
    viewer.querySelector('.viewer-close').addEventListener('click', function () { viewer.close(); });
    viewer.addEventListener('keydown', function (event) {
      if (event.key === 'ArrowLeft') { event.preventDefault(); show(shown - 1); }
      else if (event.key === 'ArrowRight') { event.preventDefault(); show(shown + 1); }
    });
    viewer.addEventListener('click', function (event) { if (event.target === viewer) viewer.close(); });
    viewer.addEventListener('close', function () { if (opener) opener.focus(); });
  }
`;
