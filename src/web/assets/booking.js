// The booking pages with JavaScript: each free time (listed in the studio's zone, named on the page)
// also shows in the visitor's own zone when it differs, through the browser's Intl.DateTimeFormat. The
// words and the locale the times are written in come from the page (data-your-time, data-time-locale), so
// the server keeps every word, in the page's language. Without this script the page is whole: the studio's
// times, and a plain form.
(function () {
  'use strict';
  if (!window.Intl || !Intl.DateTimeFormat) return;
  var visitorZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;

  // The day only compares days (en-CA writes YYYY-MM-DD); the clock is compared and shown in the page's locale.
  function formats(zone, locale) {
    return {
      clock: new Intl.DateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' }),
      day: new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }),
    };
  }

  Array.prototype.forEach.call(document.querySelectorAll('[data-zone]'), function (section) {
    var studioZone = section.getAttribute('data-zone');
    if (studioZone === visitorZone) return;
    var locale = section.getAttribute('data-time-locale') || document.documentElement.lang || undefined;
    var studio = formats(studioZone, locale);
    var visitor = formats(visitorZone, locale);
    var named = new Intl.DateTimeFormat(locale, { timeZone: visitorZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    var namedWithDay = new Intl.DateTimeFormat(locale, { timeZone: visitorZone, weekday: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
    var words = section.getAttribute('data-your-time') || '';
    var added = 0;
    Array.prototype.forEach.call(section.querySelectorAll('time.studio-time'), function (time) {
      var at = new Date(time.getAttribute('datetime'));
      if (isNaN(at.getTime())) return;
      var sameDay = studio.day.format(at) === visitor.day.format(at);
      // Another zone name with the same clock (Detroit beside New York): the same words, nothing added.
      if (sameDay && studio.clock.format(at) === visitor.clock.format(at)) return;
      var note = document.createElement('span');
      note.className = 'your-time';
      // The weekday too when the visitor's day is not the studio's (a morning call seen from Asia). The
      // words "your time" are read out by a screen reader and left unseen, so each button stays short.
      note.textContent = (sameDay ? named : namedWithDay).format(at);
      var said = document.createElement('span');
      said.className = 'visually-hidden';
      said.textContent = ', ' + words;
      note.appendChild(said);
      time.parentNode.insertBefore(note, time.nextSibling);
      added += 1;
    });
    var line = section.querySelector('.zone-line');
    if (added > 0 && line) line.textContent += ' ' + (section.getAttribute('data-your-time-line') || '');
  });
})();
