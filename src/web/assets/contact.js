// The inquiry form with JavaScript: checks what it can before sending, posts the form to its own action
// asking for JSON, and answers inline. Without this script the form still works: the same POST /contact
// answers with a page. Either way the submission is the form's (channel "form"), the only one whose
// honeypot field counts, and every word is the server's: the rules block of the page (the schema's limits
// with the catalog's words for each rule) and the server's answer (`fields`, `notice`). The script holds
// no word of its own: even the network's failure is written in the rules block.
(function () {
  'use strict';
  var form = document.querySelector('form.inquiry-form');
  var rulesBlock = document.getElementById('inquiry-form-rules');
  if (!form || !rulesBlock || !window.fetch || !window.FormData) return;
  var rules = JSON.parse(rulesBlock.textContent);
  var status = form.querySelector('.form-status');
  var summary = form.querySelector('.error-summary');
  var button = form.querySelector('button[type="submit"]');
  // The page's own title, without the error word the server's page may have put before it.
  var pageTitle = document.title.indexOf(rules.errorTitle) === 0 ? document.title.slice(rules.errorTitle.length) : document.title;

  function fieldBox(name) { return form.querySelector('.field[data-field="' + name + '"]'); }
  function controlOf(box) { return box.querySelector('input, select, textarea'); }

  function setFieldError(name, message) {
    var box = fieldBox(name);
    if (!box) return false;
    var control = controlOf(box);
    var error = box.querySelector('.field-error');
    box.classList.toggle('has-error', Boolean(message));
    error.textContent = message || '';
    error.hidden = !message;
    if (message) control.setAttribute('aria-invalid', 'true'); else control.removeAttribute('aria-invalid');
    return true;
  }

  function sayError(isError) { document.title = (isError ? rules.errorTitle : '') + pageTitle; }

  // Brought into view and focused: a screen reader reads it, a phone shows it, wherever the visitor was.
  function bringToVisitor(element) {
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'start' });
  }

  function clearErrors() {
    Array.prototype.forEach.call(form.querySelectorAll('.field'), function (box) { setFieldError(box.getAttribute('data-field'), ''); });
    summary.hidden = true;
    summary.removeAttribute('autofocus');
    summary.querySelector('ul').textContent = '';
    status.textContent = '';
    status.classList.remove('is-error');
    sayError(false);
  }

  // A message about the whole form (rate limit, inbox unavailable, no network), where it is seen and heard.
  function showNotice(message) {
    status.textContent = message;
    status.classList.add('is-error');
    sayError(true);
    bringToVisitor(status);
  }

  // Every field's problem beside it, and the list of them at the top, each a link to its field, in the
  // form's order; the list is focused. False when no field named is on this form.
  function showProblems(problems) {
    var list = summary.querySelector('ul');
    Array.prototype.forEach.call(form.querySelectorAll('.field'), function (box) {
      var name = box.getAttribute('data-field');
      if (!problems[name] || !setFieldError(name, problems[name])) return;
      var link = document.createElement('a');
      link.href = '#' + controlOf(box).id;
      link.textContent = problems[name];
      var item = document.createElement('li');
      item.appendChild(link);
      list.appendChild(item);
    });
    if (!list.firstChild) return false;
    summary.hidden = false;
    sayError(true);
    bringToVisitor(summary);
    return true;
  }

  // What the schema's rules say of each field before anything is sent (every submission counts against
  // the rate limit), in the words the server would answer with. The server checks everything again, and
  // answers what only it can tell (a control character) as `fields`, in the same words.
  function problemsHere() {
    var problems = {};
    Object.keys(rules.fields).forEach(function (name) {
      var box = fieldBox(name);
      if (!box) return;
      var rule = rules.fields[name];
      var control = controlOf(box);
      var value = control.value.trim();
      // Characters as the schema counts them: code points, not UTF-16 units.
      var length = Array.from(value).length;
      var say = rule.messages;
      if (value === '') {
        if (rule.required) problems[name] = say.missing;
      } else if (rule.minLength !== undefined && length < rule.minLength) problems[name] = say.minLength;
      else if (rule.maxLength !== undefined && length > rule.maxLength) problems[name] = say.maxLength;
      else if (say.format && control.validity && control.validity.typeMismatch) problems[name] = say.format;
    });
    return problems;
  }

  // A link of the list focuses its field and shows its label above it, as the page's own anchor would
  // only scroll to it.
  summary.addEventListener('click', function (event) {
    var link = event.target.closest ? event.target.closest('a[href^="#"]') : null;
    var control = link && document.getElementById(link.getAttribute('href').slice(1));
    if (!control) return;
    event.preventDefault();
    var label = form.querySelector('label[for="' + control.id + '"]');
    control.focus({ preventScroll: true });
    (label || control).scrollIntoView({ block: 'start' });
  });

  // The offer to book a consultation, when the page holds one (a <template>): its hidden fields carry the
  // inquiry's details and id to the booking page in a POST, never in a URL.
  function bookingOffer(sent, id) {
    var template = document.getElementById('booking-offer');
    if (!template || !template.content || !id) return null;
    var offer = template.content.firstElementChild.cloneNode(true);
    ['name', 'email', 'phone'].forEach(function (name) {
      var input = offer.querySelector('input[name="' + name + '"]');
      if (input) input.value = sent.get(name) || '';
    });
    offer.querySelector('input[name="inquiry_id"]').value = id;
    return offer;
  }

  // The thank-you page's own words (a <template> of the page) in place of the form.
  function showSuccess(sent, id) {
    var thanks = document.getElementById('inquiry-thanks').content.firstElementChild.cloneNode(true);
    var offer = bookingOffer(sent, id);
    form.replaceWith(thanks);
    if (offer) thanks.after(offer);
    sayError(false);
    bringToVisitor(thanks);
  }

  function showFailure(body) {
    // A refusal of the fields carries each field's problem in plain words (`fields`), as the page without script shows them.
    if (body && body.fields && showProblems(body.fields)) return;
    showNotice(body && body.notice ? body.notice : rules.failed);
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    clearErrors();
    if (showProblems(problemsHere())) return;
    var sent = new FormData(form);
    var data = new URLSearchParams();
    sent.forEach(function (value, key) { data.append(key, String(value)); });
    button.disabled = true;
    fetch(form.getAttribute('action'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: data.toString(),
    }).then(function (response) {
      return response.json().catch(function () { return null; }).then(function (body) {
        if (!response.ok) return showFailure(body);
        // For webmcp.js: the inquiry an assistant filled in is sent now, by the visitor's own press of the button.
        form.dispatchEvent(new CustomEvent('formsent'));
        showSuccess(sent, body && body.id);
      });
    }, function () {
      showNotice(rules.network);
    }).then(function () { button.disabled = false; });
  });
})();
