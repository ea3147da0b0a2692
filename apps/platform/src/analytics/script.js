/*
 * Bazaar analytics: the platform serves this file as /.well-known/service/analytics/script.js,
 * and pages load it only once the visitor accepted (the server checks the consent cookie too).
 *
 * Pages push commands onto `window.bazaarAnalytics`, an array until this script loads:
 *   ['pageview', path]   ['event', name, path]
 * On load it takes the queued commands and puts an object in the array's place whose `push`
 * does the same. Pings are sent in batches: a second after the first one waits, at once when 20
 * wait, and when the page is hidden or left. A batch goes with navigator.sendBeacon, or fetch
 * with keepalive where a beacon is refused, as `{ pings: [...] }` JSON.
 *
 * Nothing here may break the page: every step is guarded, and a command the server would refuse
 * is dropped here, so it never costs the rest of its batch.
 */
/* global window, document, navigator, Blob, fetch, setTimeout, clearTimeout */
(function () {
  'use strict';

  var ENDPOINT = '/.well-known/service/analytics/pings';
  var MAX_BATCH = 20;
  var FLUSH_DELAY_MS = 1000;
  var PATH_MAX_LENGTH = 512;
  var EVENT_NAME = /^[a-z0-9_.:-]{1,64}$/i;

  var waiting = [];
  var timer = null;

  function isPath(value) {
    return typeof value === 'string' && value.charAt(0) === '/' && value.length <= PATH_MAX_LENGTH;
  }

  /** The ping a command stands for, or null for anything else. */
  function toPing(command) {
    if (!command || typeof command !== 'object') return null;
    if (command[0] === 'pageview' && isPath(command[1])) {
      return { type: 'pageview', path: command[1] };
    }
    if (
      command[0] === 'event' &&
      typeof command[1] === 'string' &&
      EVENT_NAME.test(command[1]) &&
      isPath(command[2])
    ) {
      return { type: 'event', name: command[1], path: command[2] };
    }
    return null;
  }

  function send(pings) {
    var body = JSON.stringify({ pings: pings });
    try {
      if (
        navigator.sendBeacon &&
        navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'application/json' }))
      ) {
        return;
      }
    } catch {
      // Some browsers refuse a JSON beacon outright: fetch below carries it instead.
    }
    try {
      fetch(ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body,
        credentials: 'same-origin',
        keepalive: true,
      }).catch(function () {});
    } catch {
      // Counting is never worth an error on the page.
    }
  }

  function flush() {
    try {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      while (waiting.length > 0) send(waiting.splice(0, MAX_BATCH));
    } catch {
      // As above.
    }
  }

  function push(command) {
    try {
      var ping = toPing(command);
      if (ping === null) return waiting.length;
      waiting.push(ping);
      if (waiting.length >= MAX_BATCH) flush();
      else if (timer === null) timer = setTimeout(flush, FLUSH_DELAY_MS);
    } catch {
      // As above.
    }
    return waiting.length;
  }

  try {
    var queued = window.bazaarAnalytics;
    // Loaded twice: the first copy already sends.
    if (queued && !Array.isArray(queued) && typeof queued.push === 'function') return;
    window.bazaarAnalytics = { push: push };
    if (Array.isArray(queued)) {
      for (var index = 0; index < queued.length; index += 1) push(queued[index]);
    }
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'hidden') flush();
    });
  } catch {
    // As above.
  }
})();
