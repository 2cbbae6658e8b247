// A page's wide images opened large. Each is a plain link to its largest file (src/web/markdown-images.ts),
// which works without this script; with it, the file is shown in a modal <dialog> over the page, with the
// figure's caption and a close button, and Escape, the button or a click outside closes it, focus going
// back to the link. The words are the page's language, from the script's data attributes.
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || typeof HTMLDialogElement !== 'function') return;
  var words = { close: script.getAttribute('data-close') || 'Close', label: script.getAttribute('data-label') || 'Image' };
  var dialog = null;

  function buildDialog() {
    var box = document.createElement('dialog');
    box.className = 'image-dialog';
    box.setAttribute('aria-label', words.label);
    // A form of method "dialog" closes the dialog when sent: the button needs no script of its own.
    var form = document.createElement('form');
    form.method = 'dialog';
    var button = document.createElement('button');
    button.type = 'submit';
    button.className = 'image-dialog-close';
    button.textContent = words.close;
    form.appendChild(button);
    var figure = document.createElement('figure');
    figure.appendChild(document.createElement('img'));
    figure.appendChild(document.createElement('figcaption'));
    box.appendChild(form);
    box.appendChild(figure);
    // A click on the backdrop lands on the dialog itself, not on what it holds.
    box.addEventListener('click', function (event) { if (event.target === box) box.close(); });
    document.body.appendChild(box);
    return box;
  }

  function open(link) {
    dialog = dialog || buildDialog();
    var shown = link.querySelector('img');
    var image = dialog.querySelector('img');
    var caption = dialog.querySelector('figcaption');
    var figure = link.closest('figure');
    var text = figure && figure.querySelector('figcaption') ? figure.querySelector('figcaption').textContent : '';
    image.src = link.href;
    image.alt = shown ? shown.alt : '';
    if (shown && shown.getAttribute('width')) { image.width = Number(shown.getAttribute('width')); image.height = Number(shown.getAttribute('height')); }
    caption.textContent = text;
    caption.hidden = !text;
    dialog.showModal();
  }

  document.addEventListener('click', function (event) {
    var link = event.target instanceof Element ? event.target.closest('a.enlarge') : null;
    // A click that asks for a new tab or window, or a download, keeps the browser's own behaviour.
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(link);
  });
})();
