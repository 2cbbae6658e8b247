// The inquiry form with JavaScript: posts the form to its own action asking for JSON, and answers inline.
// Without this script the form still works: the same POST /contact answers with a page. Either way the
// submission is the form's (channel "form"), the only one whose honeypot field counts.
(function () {
  'use strict';
  var form = document.querySelector('form.inquiry-form');
  if (!form || !window.fetch || !window.FormData) return;
  var status = form.querySelector('.form-status');
  var button = form.querySelector('button[type="submit"]');
  form.noValidate = true;

  function fieldBox(name) { return form.querySelector('.field[data-field="' + name + '"]'); }

  function setFieldError(name, message) {
    var box = fieldBox(name);
    if (!box) return false;
    var control = box.querySelector('input, select, textarea');
    var error = box.querySelector('.field-error');
    box.classList.toggle('has-error', Boolean(message));
    error.textContent = message || '';
    error.hidden = !message;
    if (message) control.setAttribute('aria-invalid', 'true'); else control.removeAttribute('aria-invalid');
    return true;
  }

  function setStatus(message, isError) {
    status.textContent = message || '';
    status.classList.toggle('is-error', Boolean(isError));
  }

  function clearErrors() {
    Array.prototype.forEach.call(form.querySelectorAll('.field'), function (box) { setFieldError(box.getAttribute('data-field'), ''); });
    setStatus('', false);
  }

  // The browser's own checks from the schema-derived attributes, in the browser's own words (and language),
  // shown next to each field before anything is sent. What only the server can tell (a name of spaces, a
  // control character) comes back as `fields`, in the words the page without script uses.
  function checkLocally() {
    var first = null;
    Array.prototype.forEach.call(form.querySelectorAll('.field'), function (box) {
      var control = box.querySelector('input, select, textarea');
      if (!control.checkValidity()) {
        setFieldError(box.getAttribute('data-field'), control.validationMessage);
        first = first || control;
      }
    });
    if (first) first.focus();
    return !first;
  }

  // Every field the server named, at once; focus goes to the first. False when none is on this form.
  function showFieldErrors(fields) {
    var first = null;
    Object.keys(fields).forEach(function (name) {
      if (setFieldError(name, fields[name])) first = first || fieldBox(name).querySelector('input, select, textarea');
    });
    if (!first) return false;
    first.focus();
    return true;
  }

  function waitText(seconds) {
    var s = Number(seconds);
    if (!s || s < 1) return 'a little while';
    if (s < 90) return s + ' seconds';
    return Math.ceil(s / 60) + ' minutes';
  }

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

  function showSuccess(sent, id) {
    var thanks = document.createElement('div');
    thanks.className = 'form-status thanks';
    thanks.setAttribute('role', 'status');
    thanks.setAttribute('tabindex', '-1');
    thanks.innerHTML = '<h2>Thank you.</h2><p></p>';
    // The words come from the page (data-thanks), so the promise is written once, on the server.
    thanks.querySelector('p').textContent = form.getAttribute('data-thanks');
    var offer = bookingOffer(sent, id);
    form.replaceWith(thanks);
    if (offer) thanks.after(offer);
    thanks.focus();
  }

  function showFailure(response, body) {
    if (response.status === 429) {
      setStatus('Too many inquiries from this connection. Please wait ' + waitText(response.headers.get('Retry-After')) + ' and send it again.', true);
      return;
    }
    // A refusal of the fields carries each field's problem in plain words (`fields`), as the page without script shows them.
    if (response.status === 400 && body && body.fields && showFieldErrors(body.fields)) return;
    var text = body && body.error ? body.error + (body.hint ? ' ' + body.hint : '') : 'The inquiry could not be sent. Please try again, or write to us by email.';
    setStatus(text, true);
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    clearErrors();
    if (!checkLocally()) return;
    var data = new URLSearchParams();
    var sent = new FormData(form);
    sent.forEach(function (value, key) { data.append(key, String(value)); });
    button.disabled = true;
    fetch(form.getAttribute('action'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: data.toString(),
    }).then(function (response) {
      return response.json().catch(function () { return null; }).then(function (body) {
        if (!response.ok) return showFailure(response, body);
        // For webmcp.js: the inquiry an assistant filled in is sent now, by the visitor's own press of the button.
        form.dispatchEvent(new CustomEvent('formsent'));
        showSuccess(sent, body && body.id);
      });
    }).catch(function () {
      setStatus('The network did not answer. Please check your connection and try again.', true);
    }).then(function () { button.disabled = false; });
  });
})();
