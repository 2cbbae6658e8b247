// WebMCP: offers the studio's tools to an agent in the browser, when the browser has WebMCP
// (document.modelContext; navigator.modelContext in earlier drafts). Names, descriptions and schemas come
// from the JSON asset named by data-tools, made on the server from the agent operations; this script
// only runs them. Without WebMCP it does nothing, and without it the pages are what they always were.
// The form tools never send: each fills in the visible form of its page, and the visitor sends it or not.
(function () {
  'use strict';
  var script = document.currentScript;
  var modelContext = document.modelContext || navigator.modelContext;
  if (!modelContext || !script || !window.fetch) return;
  var canRegister = typeof modelContext.registerTool === 'function';
  if (!canRegister && typeof modelContext.provideContext !== 'function') return;

  // Results in the shape of MCP tool results, as the MCP endpoint answers: the value for programs, and the same JSON as text for models.
  function result(value, isError) {
    var answer = { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
    if (isError) answer.isError = true;
    return answer;
  }

  // The API's Error shape (ok, error, code, hint), with what a tool result adds (retry_after_seconds, field, fields, url).
  function failure(code, error, hint, extra) {
    return result(Object.assign({ ok: false, error: error, code: code, hint: hint }, extra), true);
  }

  function apiFailure(response, body) {
    var wait = Number(response.headers.get('Retry-After'));
    if (body && body.ok === false && typeof body.code === 'string') {
      return result(Object.assign({}, body, wait > 0 ? { retry_after_seconds: wait } : {}), true);
    }
    return failure('internal_error', 'The site answered ' + response.status + ' without an explanation.', 'Call the tool again in a moment.');
  }

  function networkFailure() {
    return failure('network_error', 'The site did not answer.', 'Check the connection, then call the tool again.');
  }

  // A read tool: the REST list, asked with the arguments it takes as its query (read.query), its items
  // filtered by the others (each names the item field whose text must contain it).
  function readTool(read, tool) {
    var asked = read.query || [];
    var filters = Object.keys(tool.inputSchema.properties || {}).filter(function (name) { return asked.indexOf(name) === -1; });
    return function (input) {
      var query = new URLSearchParams();
      asked.forEach(function (name) {
        if (input && input[name] !== undefined && input[name] !== null && input[name] !== '') query.set(name, String(input[name]));
      });
      var url = read.path + (query.toString() ? '?' + query.toString() : '');
      return fetch(url, { headers: { Accept: 'application/json' } }).then(function (response) {
        return response.json().catch(function () { return null; }).then(function (body) {
          if (!response.ok || !body || !Array.isArray(body[read.items])) return apiFailure(response, body);
          var items = body[read.items];
          filters.forEach(function (name) {
            var wanted = input && input[name];
            if (wanted === undefined || wanted === null || wanted === '') return;
            var text = String(wanted).toLowerCase();
            items = items.filter(function (item) { return typeof item[name] === 'string' && item[name].toLowerCase().indexOf(text) !== -1; });
          });
          var value = {};
          value[read.items] = items;
          return result(value);
        });
      }, networkFailure);
    };
  }

  // A get tool: the first REST path whose :parameters the arguments all give (each filled in, escaped), the
  // other given arguments as its query; the answer is the REST object whole.
  function getTool(get) {
    return function (input) {
      var args = {};
      Object.keys(input || {}).forEach(function (name) {
        var value = input[name];
        if (value !== undefined && value !== null && value !== '') args[name] = String(value);
      });
      var path = null;
      var query = new URLSearchParams();
      get.paths.some(function (template) {
        var names = (template.match(/:[A-Za-z_]+/g) || []).map(function (p) { return p.slice(1); });
        if (!names.every(function (name) { return Object.prototype.hasOwnProperty.call(args, name); })) return false;
        path = template.replace(/:([A-Za-z_]+)/g, function (_, name) { return encodeURIComponent(args[name]); });
        Object.keys(args).forEach(function (name) { if (names.indexOf(name) === -1) query.append(name, args[name]); });
        return true;
      });
      if (path === null) return Promise.resolve(failure('missing_field', 'An argument the tool needs is missing.', 'See the tool\'s input schema.'));
      var url = path + (String(query) ? '?' + query : '');
      return fetch(url, { headers: { Accept: 'application/json' } }).then(function (response) {
        return response.json().catch(function () { return null; }).then(function (body) {
          return response.ok && body && typeof body === 'object' ? result(body) : apiFailure(response, body);
        });
      }, networkFailure);
    };
  }

  // --- The form tools ------------------------------------------------------------------------------
  // One way for every form a tool fills in, keyed by the tool's page: the page's own form (doc.forms names
  // its selector), its fields in `.field[data-field]` boxes, and the choices that make the page what it is
  // (a hidden value, radio buttons: the consultation type, the week's free times) offered by this page only.

  // The call that waits for the visitor: the function that answers it, and its form (one at a time: a later call answers the earlier).
  var waiting = null;

  function answerWaiting(answer) {
    var settle = waiting;
    waiting = null;
    if (settle) settle.answer(answer);
  }

  function notSent(error, hint) {
    return failure('not_sent', error, hint);
  }

  function given(input, name) {
    return Object.prototype.hasOwnProperty.call(input, name) && input[name] !== undefined && input[name] !== null;
  }

  var DATE_TIME = /^\d{4}-\d{2}-\d{2}T/;

  // The same value; two date-times are the same when they name the same instant, whatever their offsets.
  function sameValue(offered, value) {
    if (offered === value) return true;
    var at = Date.parse(value);
    return DATE_TIME.test(offered) && DATE_TIME.test(value) && !isNaN(at) && Date.parse(offered) === at;
  }

  // The page that shows the given choices: the form's page with them as its query (a date-time gives its day, as written).
  function pageUrl(spec, input) {
    var url = new URL(spec.page, location.href);
    var query = spec.query || {};
    Object.keys(query).forEach(function (name) {
      if (!given(input, name) || input[name] === '') return;
      var text = String(input[name]);
      url.searchParams.set(query[name], DATE_TIME.test(text) ? text.slice(0, 10) : text);
    });
    return url.href;
  }

  function choiceControls(form, name) {
    return Array.prototype.slice.call(form.querySelectorAll('input[type="hidden"][name="' + name + '"], input[type="radio"][name="' + name + '"]'));
  }

  // The page's own choices the arguments make: the controls to pick, and the arguments this page does not offer.
  function choicesOf(form, names, input) {
    var picks = [];
    var absent = [];
    names.forEach(function (name) {
      var controls = choiceControls(form, name);
      if (!given(input, name) || controls.length === 0) return;
      var value = String(input[name]);
      var match = controls.filter(function (control) { return sameValue(control.value, value); })[0];
      if (match) picks.push(match); else absent.push(name);
    });
    return { picks: picks, absent: absent };
  }

  function pick(control) {
    if (control.type !== 'radio' || control.checked) return;
    control.checked = true;
    control.dispatchEvent(new Event('change', { bubbles: true }));
  }

  // What the schema says and the browser does not check on values set by script (it checks lengths only as a person types).
  function lengthProblem(value, schema) {
    var length = value.trim().length;
    if (schema.minLength !== undefined && length < schema.minLength) return 'Use at least ' + schema.minLength + ' characters.';
    if (schema.maxLength !== undefined && length > schema.maxLength) return 'Use at most ' + schema.maxLength + ' characters.';
    return '';
  }

  // Sets the given fields, keeps what the visitor typed in the others, and names every field that would be
  // refused (a choice of radio buttons left unpicked too).
  function fill(form, properties, input) {
    var problems = {};
    Object.keys(properties).forEach(function (name) {
      var box = form.querySelector('.field[data-field="' + name + '"]');
      var control = box ? box.querySelector('input, select, textarea') : form.querySelector('input[type="radio"][name="' + name + '"]');
      if (!control) return;
      if (box && given(input, name)) {
        var value = String(input[name]);
        control.value = value;
        control.dispatchEvent(new Event('input', { bubbles: true }));
        control.dispatchEvent(new Event('change', { bubbles: true }));
        if (control.tagName === 'SELECT' && control.value !== value) {
          problems[name] = '"' + value + '" is not one of the choices.';
          return;
        }
      }
      var problem = !control.checkValidity() ? control.validationMessage : box ? lengthProblem(control.value, properties[name]) : '';
      if (problem) problems[name] = problem;
    });
    return Object.keys(problems).length > 0 ? problems : null;
  }

  // The note above the form, in the form: the visitor sees who filled it in, and can take it back.
  function showNote(form) {
    var note = form.querySelector('.assistant-note');
    if (!note) {
      note = document.createElement('div');
      note.className = 'assistant-note';
      note.setAttribute('role', 'status');
      note.setAttribute('tabindex', '-1');
      // The visitor's words come from the page (the script tag's data attributes), in its language.
      note.innerHTML = '<p><strong></strong> <span></span></p><button type="button" class="button button-quiet"></button>';
      note.querySelector('strong').textContent = script.getAttribute('data-filled');
      note.querySelector('span').textContent = script.getAttribute('data-check');
      note.querySelector('button').textContent = script.getAttribute('data-clear');
      note.querySelector('button').addEventListener('click', function () {
        form.reset();
        note.remove();
        answerWaiting(notSent('The visitor cleared the form: nothing was sent.', 'Ask the visitor whether to send it, and what, before filling in the form again.'));
      });
      form.insertBefore(note, form.firstChild);
    }
    note.focus();
  }

  // A refusal of the visitor's press, shown as the form's own script would: above the form, and per field
  // in the server's words. The call keeps waiting: the visitor may correct it and press again.
  function showRefusal(form, body) {
    var status = form.querySelector('.form-status');
    if (status) {
      status.textContent = body && body.error ? body.error + (body.hint ? ' ' + body.hint : '') : script.getAttribute('data-no-answer');
      status.classList.add('is-error');
    }
    var fields = (body && body.fields) || {};
    Object.keys(fields).forEach(function (name) {
      var box = form.querySelector('.field[data-field="' + name + '"]');
      var error = box && box.querySelector('.field-error');
      if (!error) return;
      box.classList.add('has-error');
      error.textContent = fields[name];
      error.hidden = false;
    });
    if (status) status.focus();
  }

  // Sends a form that has no script of its own, as such a script would: its fields to its action, asking
  // for JSON, so the call learns the outcome; then opens where the answer says the new thing is (Location).
  function send(form) {
    var button = form.querySelector('button[type="submit"]');
    if (button) button.disabled = true;
    fetch(form.getAttribute('action'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams(new FormData(form)).toString(),
    }).then(function (response) {
      return response.json().catch(function () { return null; }).then(function (body) {
        if (!response.ok || !body) return showRefusal(form, body);
        form.dispatchEvent(new CustomEvent('formsent', { detail: body }));
        var next = response.headers.get('Location');
        // After the answer has gone to the agent: the visitor's own press of the button led here.
        if (next) setTimeout(function () { location.assign(next); }, 0);
      });
    }, function () { showRefusal(form, null); }).then(function () { if (button) button.disabled = false; });
  }

  // The visitor's own press of the form's button (this listener runs after the form's own). A form whose
  // script sends it (contact.js) says when with a 'formsent' event; any other form, this script sends.
  document.addEventListener('submit', function (event) {
    if (!waiting || event.target !== waiting.form || event.defaultPrevented) return;
    event.preventDefault();
    send(event.target);
  });

  var listenedTo = new WeakSet();
  function listenForSending(form) {
    if (listenedTo.has(form)) return;
    listenedTo.add(form);
    form.addEventListener('formsent', function (event) {
      answerWaiting(result(Object.assign({ ok: true }, event.detail || {})));
    });
  }

  // Waits for the visitor. A cancelled call (Chromium hands execute a `signal`) stops waiting; the form stays as it is.
  function visitorDecision(form, signal) {
    return new Promise(function (resolve) {
      var mine = { answer: resolve, form: form };
      waiting = mine;
      if (!signal || typeof signal.addEventListener !== 'function') return;
      var cancel = function () {
        if (waiting === mine) answerWaiting(notSent('The call was cancelled; nothing was sent.', 'The form stays filled in: the visitor may still send it.'));
      };
      if (signal.aborted) cancel(); else signal.addEventListener('abort', cancel, { once: true });
    });
  }

  // The page's form, when this is its page.
  function formOnPage(spec) {
    return location.pathname === spec.page ? document.querySelector(spec.selector) : null;
  }

  function formTool(spec, tool) {
    var properties = tool.inputSchema.properties || {};
    var names = Object.keys(properties);
    // The second argument: Chromium's options ({ signal }), or in earlier drafts a client with requestUserInteraction.
    return function (input, client) {
      input = input || {};
      var form = formOnPage(spec);
      if (!form) {
        var url = pageUrl(spec, input);
        return Promise.resolve(failure('form_not_on_page', 'The form of ' + tool.name + ' is not on this page: nothing was filled in.',
          'Open ' + url + ' and call ' + tool.name + ' there; the visitor then checks the form and sends it.', { url: url }));
      }
      var choices = choicesOf(form, names, input);
      if (choices.absent.length > 0) {
        var there = pageUrl(spec, input);
        return Promise.resolve(failure('not_on_page', 'This page does not offer the ' + choices.absent.join(' and ') + ' given: nothing was filled in.',
          'Open ' + there + ', which shows it, and call ' + tool.name + ' there; or choose among what this page offers.', { field: choices.absent[0], url: there }));
      }
      answerWaiting(notSent('A later call of ' + tool.name + ' filled in the form again; this call sent nothing.', 'The later call answers what the visitor does.'));
      listenForSending(form);
      choices.picks.forEach(pick);
      var problems = fill(form, properties, input);
      showNote(form);
      if (problems) {
        return Promise.resolve(failure('invalid_field', 'Some values do not fit the form; nothing was sent.',
          'Correct the fields named in "fields" with the visitor, then call ' + tool.name + ' again.', { field: Object.keys(problems)[0], fields: problems }));
      }
      var signal = client && client.signal;
      var decision = function () { return visitorDecision(form, signal); };
      // requestUserInteraction tells the agent the call waits for the person.
      return client && typeof client.requestUserInteraction === 'function' ? client.requestUserInteraction(decision) : decision();
    };
  }

  // --- Registration --------------------------------------------------------------------------------

  function executeOf(doc, tool) {
    if (Object.prototype.hasOwnProperty.call(doc.reads, tool.name)) return readTool(doc.reads[tool.name], tool);
    if (doc.gets && Object.prototype.hasOwnProperty.call(doc.gets, tool.name)) return getTool(doc.gets[tool.name]);
    if (doc.forms && Object.prototype.hasOwnProperty.call(doc.forms, tool.name)) return formTool(doc.forms[tool.name], tool);
    return null;
  }

  function register(doc) {
    var tools = doc.tools.map(function (tool) {
      var execute = executeOf(doc, tool);
      return execute && Object.assign({}, tool, { execute: execute });
    }).filter(Boolean);
    // A refused registration (a name taken, a permissions policy) is nothing the visitor could act on: the page stays as it is.
    if (!canRegister) {
      try { modelContext.provideContext({ tools: tools }); } catch (refused) { /* see above */ }
      return;
    }
    tools.forEach(function (tool) {
      try {
        Promise.resolve(modelContext.registerTool(tool)).catch(function () { /* see above */ });
      } catch (refused) { /* earlier drafts throw instead of rejecting */ }
    });
  }

  fetch(script.getAttribute('data-tools'), { headers: { Accept: 'application/json' } })
    .then(function (response) { return response.ok ? response.json() : null; })
    .then(function (doc) { if (doc) register(doc); })
    .catch(function () { /* no tools on this visit; the page works as ever */ });
})();
