/* global window, document, fetch, setTimeout, URL */
/**
 * The stand-in's Stripe.js, served at https://js.stripe.com/** by routeStripeJs. A plain script
 * that defines `window.Stripe` as @stripe/stripe-js's loader and @stripe/react-stripe-js expect it.
 * It talks to https://api.stripe.com (routed to the stand-in) with the publishable key, exactly as
 * Stripe.js does; only what lives on Stripe's side is fake.
 *
 * The page's CSP allows only nonced styles and, under 'strict-dynamic', no scripts this one does
 * not itself load: so the DOM is built with createElement, styled only through the CSSOM
 * (`element.style.x = …`), and nothing else is injected.
 */
(function () {
  'use strict';

  const API = 'https://api.stripe.com';
  /** The release train @stripe/stripe-js@10 loads and checks (`Stripe.version`). */
  const VERSION = 'endive';
  const AUTHENTICATION_FAILED =
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
  const SUPPORTED_ELEMENTS = ['payment', 'card'];

  class IntegrationError extends Error {
    constructor(message) {
      super(message);
      this.name = 'IntegrationError';
    }
  }

  // ---- Requests to Stripe's API -------------------------------------------------------------

  function appendPairs(pairs, key, value) {
    if (value === undefined) return;
    if (value === null || typeof value !== 'object') {
      pairs.push(encodeURIComponent(key) + '=' + encodeURIComponent(value === null ? '' : String(value)));
      return;
    }
    for (const name of Object.keys(value)) appendPairs(pairs, key + '[' + name + ']', value[name]);
  }

  /** Stripe's API takes form bodies with bracket notation (`payment_method_data[card][number]`). */
  function encodeForm(fields) {
    const pairs = [];
    for (const key of Object.keys(fields)) appendPairs(pairs, key, fields[key]);
    return pairs.join('&');
  }

  function connectionError() {
    return {
      status: 0,
      body: {
        error: { type: 'api_connection_error', message: 'An error occurred with our connection to Stripe.' },
      },
    };
  }

  // A form body with no custom header is a "simple" CORS request: no preflight, as with Stripe.js.
  async function request(method, path, fields) {
    const body = encodeForm(fields);
    try {
      const response =
        method === 'GET'
          ? await fetch(API + path + '?' + body)
          : await fetch(API + path, {
              method: 'POST',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
              body,
            });
      return { status: response.status, body: await response.json() };
    } catch {
      return connectionError();
    }
  }

  /** `pi_…_secret_…` → { id, collection } of the intent it names. */
  function intentOf(clientSecret, expected) {
    const match = /^((pi|seti)_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(String(clientSecret));
    const kind = match && (match[2] === 'pi' ? 'payment' : 'setup');
    if (!match || (expected && kind !== expected)) {
      throw new IntegrationError(
        'Invalid value for clientSecret: expected a ' +
          (expected === 'setup' ? 'SetupIntent' : 'PaymentIntent') +
          ' client secret of the form ${id}_secret_${secret}. You specified: ' +
          clientSecret +
          '.',
      );
    }
    return {
      id: match[1],
      kind,
      collection: kind === 'payment' ? 'payment_intents' : 'setup_intents',
    };
  }

  // ---- Card fields ---------------------------------------------------------------------------

  let fieldCounter = 0;

  function digitsOf(value) {
    return String(value).replace(/\D/g, '');
  }

  function brandOf(number) {
    if (/^4/.test(number)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
    if (/^3[47]/.test(number)) return 'amex';
    if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
    if (/^35/.test(number)) return 'jcb';
    if (/^3[0689]/.test(number)) return 'diners';
    if (/^62/.test(number)) return 'unionpay';
    return 'unknown';
  }

  function numberLengthOf(brand) {
    if (brand === 'amex') return 15;
    if (brand === 'diners') return 14;
    return 16;
  }

  function passesLuhn(number) {
    let sum = 0;
    for (let i = 0; i < number.length; i += 1) {
      let digit = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function formatNumber(digits) {
    const groups = brandOf(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
    const parts = [];
    let at = 0;
    for (const size of groups) {
      if (at >= digits.length) break;
      parts.push(digits.slice(at, at + size));
      at += size;
    }
    return parts.join(' ');
  }

  function formatExpiry(digits) {
    return digits.length > 2 ? digits.slice(0, 2) + ' / ' + digits.slice(2) : digits;
  }

  function validationError(code, message) {
    return { type: 'validation_error', code, message };
  }

  function numberError(number) {
    if (number.length < numberLengthOf(brandOf(number))) {
      return validationError('incomplete_number', 'Your card number is incomplete.');
    }
    if (!passesLuhn(number)) return validationError('invalid_number', 'Your card number is invalid.');
    return null;
  }

  function expiryError(digits, now) {
    if (digits.length < 4) {
      return validationError('incomplete_expiry', "Your card's expiration date is incomplete.");
    }
    const month = Number(digits.slice(0, 2));
    const year = 2000 + Number(digits.slice(2, 4));
    if (month < 1 || month > 12) {
      return validationError('invalid_expiry_month', "Your card's expiration date is invalid.");
    }
    if (year < now.getFullYear()) {
      return validationError('invalid_expiry_year_past', "Your card's expiration year is in the past.");
    }
    if (year === now.getFullYear() && month < now.getMonth() + 1) {
      return validationError('invalid_expiry_month_past', "Your card's expiration date is in the past.");
    }
    return null;
  }

  function cvcError(cvc, number) {
    return cvc.length < (brandOf(number) === 'amex' ? 4 : 3)
      ? validationError('incomplete_cvc', "Your card's security code is incomplete.")
      : null;
  }

  function styleLabel(label) {
    label.style.display = 'block';
    label.style.marginBottom = '4px';
    label.style.fontSize = '14px';
    label.style.color = '#30313d';
  }

  function styleInput(input) {
    input.style.display = 'block';
    input.style.width = '100%';
    input.style.boxSizing = 'border-box';
    input.style.padding = '10px 12px';
    input.style.fontSize = '16px';
    input.style.lineHeight = '1.4';
    input.style.color = '#30313d';
    input.style.background = '#ffffff';
    input.style.border = '1px solid #e6e6e6';
    input.style.borderRadius = '5px';
    input.style.boxShadow = '0 1px 1px rgba(0, 0, 0, 0.03), 0 3px 6px rgba(0, 0, 0, 0.02)';
  }

  function labelledInput(labelText, attributes) {
    fieldCounter += 1;
    const field = document.createElement('div');
    field.style.flex = '1 1 0';
    field.style.minWidth = '0';
    const label = document.createElement('label');
    const input = document.createElement('input');
    input.id = 'stripe-stand-in-field-' + fieldCounter;
    label.htmlFor = input.id;
    label.textContent = labelText;
    input.type = 'text';
    input.spellcheck = false;
    for (const name of Object.keys(attributes)) input.setAttribute(name, attributes[name]);
    styleLabel(label);
    styleInput(input);
    field.append(label, input);
    return { field, input };
  }

  /** The three inputs Stripe's card form shows, with Stripe-like formatting as the payer types. */
  function createCardForm() {
    const root = document.createElement('div');
    root.setAttribute('data-stripe-stand-in', 'card-form');
    root.style.display = 'flex';
    root.style.flexDirection = 'column';
    root.style.gap = '12px';
    root.style.fontFamily = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif';
    const number = labelledInput('Card number', {
      inputmode: 'numeric',
      autocomplete: 'cc-number',
      placeholder: '1234 1234 1234 1234',
    });
    const expiry = labelledInput('Expiration date (MM / YY)', {
      inputmode: 'numeric',
      autocomplete: 'cc-exp',
      placeholder: 'MM / YY',
    });
    const cvc = labelledInput('Security code', {
      inputmode: 'numeric',
      autocomplete: 'cc-csc',
      placeholder: 'CVC',
    });
    const row = document.createElement('div');
    row.style.display = 'flex';
    row.style.gap = '12px';
    row.append(expiry.field, cvc.field);
    root.append(number.field, row);
    const inputs = { number: number.input, expiry: expiry.input, cvc: cvc.input };

    function reformat() {
      const digits = digitsOf(inputs.number.value).slice(
        0,
        brandOf(digitsOf(inputs.number.value)) === 'amex' ? 15 : 19,
      );
      inputs.number.value = formatNumber(digits);
      inputs.expiry.value = formatExpiry(digitsOf(inputs.expiry.value).slice(0, 4));
      inputs.cvc.value = digitsOf(inputs.cvc.value).slice(0, 4);
    }

    function values() {
      return {
        number: digitsOf(inputs.number.value),
        expiry: digitsOf(inputs.expiry.value),
        cvc: digitsOf(inputs.cvc.value),
      };
    }

    /** The first problem, field by field, as Stripe.js reports it; null when the card is complete. */
    function firstError() {
      const typed = values();
      return (
        numberError(typed.number) ||
        expiryError(typed.expiry, new Date()) ||
        cvcError(typed.cvc, typed.number)
      );
    }

    function isEmpty() {
      const typed = values();
      return !typed.number && !typed.expiry && !typed.cvc;
    }

    /** Marks the fields that would stop a confirm (on submit, and on blur once typed in). */
    function showInvalid(all) {
      const typed = values();
      const problems = {
        number: numberError(typed.number),
        expiry: expiryError(typed.expiry, new Date()),
        cvc: cvcError(typed.cvc, typed.number),
      };
      for (const name of Object.keys(inputs)) {
        const invalid = Boolean(problems[name]) && (all || inputs[name].value !== '');
        inputs[name].setAttribute('aria-invalid', invalid ? 'true' : 'false');
        inputs[name].style.borderColor = invalid ? '#df1b41' : '#e6e6e6';
      }
    }

    function card() {
      const typed = values();
      return {
        number: typed.number,
        exp_month: Number(typed.expiry.slice(0, 2)),
        exp_year: 2000 + Number(typed.expiry.slice(2, 4)),
        cvc: typed.cvc,
      };
    }

    function clear() {
      for (const name of Object.keys(inputs)) inputs[name].value = '';
      showInvalid(false);
    }

    return {
      root,
      inputs,
      reformat,
      firstError,
      isEmpty,
      showInvalid,
      card,
      clear,
      brand: () => brandOf(values().number),
    };
  }

  // ---- Elements ------------------------------------------------------------------------------

  function createEmitter() {
    const listeners = {};
    return {
      on(event, handler) {
        (listeners[event] = listeners[event] || []).push(handler);
      },
      off(event, handler) {
        if (!listeners[event]) return;
        listeners[event] = handler ? listeners[event].filter((candidate) => candidate !== handler) : [];
      },
      emit(event, payload) {
        for (const handler of (listeners[event] || []).slice()) handler(payload);
      },
    };
  }

  function createElement(group, type, initialOptions) {
    let options = Object.assign({}, initialOptions);
    const events = createEmitter();
    const form = createCardForm();
    let container = null;
    let destroyed = false;

    function changePayload() {
      const error = form.firstError();
      const complete = !error;
      const shown = error && !/^incomplete_/.test(error.code) ? error : undefined;
      if (type === 'card') {
        return {
          elementType: 'card',
          brand: form.brand(),
          complete,
          empty: form.isEmpty(),
          error: shown,
          value: { postalCode: '' },
        };
      }
      return {
        elementType: 'payment',
        collapsed: false,
        complete,
        empty: form.isEmpty(),
        error: shown,
        value: { type: 'card' },
      };
    }

    function applyOptions() {
      for (const name of Object.keys(form.inputs)) {
        form.inputs[name].readOnly = Boolean(options.readOnly || options.disabled);
      }
    }

    for (const name of Object.keys(form.inputs)) {
      const input = form.inputs[name];
      input.addEventListener('input', () => {
        form.reformat();
        events.emit('change', changePayload());
      });
      input.addEventListener('focus', () => events.emit('focus', { elementType: type }));
      input.addEventListener('blur', () => {
        form.showInvalid(false);
        events.emit('blur', { elementType: type });
      });
      input.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') events.emit('escape', { elementType: type });
      });
    }

    const element = {
      _type: type,
      mount(target) {
        if (destroyed)
          throw new IntegrationError('This Element has already been destroyed. Please create a new one.');
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        if (!node || typeof node.appendChild !== 'function') {
          throw new IntegrationError(
            'Invalid DOM element. Make sure to call mount() with a valid DOM element or selector.',
          );
        }
        container = node;
        applyOptions();
        container.appendChild(form.root);
        events.emit('loaderstart', { elementType: type });
        // Stripe's element is ready once its frame has loaded: never during the mount call.
        setTimeout(() => {
          if (container) events.emit('ready', { elementType: type });
        }, 0);
        return element;
      },
      unmount() {
        if (container && form.root.parentNode === container) container.removeChild(form.root);
        container = null;
        return element;
      },
      destroy() {
        element.unmount();
        destroyed = true;
        group._forget(element);
      },
      on(event, handler) {
        events.on(event, handler);
        return element;
      },
      off(event, handler) {
        events.off(event, handler);
        return element;
      },
      once(event, handler) {
        const wrapped = (payload) => {
          events.off(event, wrapped);
          handler(payload);
        };
        events.on(event, wrapped);
        return element;
      },
      update(updates) {
        options = Object.assign({}, options, updates);
        applyOptions();
        return element;
      },
      focus() {
        form.inputs.number.focus();
        return element;
      },
      blur() {
        for (const name of Object.keys(form.inputs)) form.inputs[name].blur();
        return element;
      },
      clear() {
        form.clear();
        events.emit('change', changePayload());
        return element;
      },
      collapse() {
        return element;
      },
      _isMounted: () => container !== null,
      /** The typed card, or Stripe.js's validation error for what is missing. */
      _collect() {
        const error = form.firstError();
        form.showInvalid(true);
        return error ? { error } : { card: form.card() };
      },
    };
    return element;
  }

  function elementTypeOf(typeOrComponent) {
    if (typeof typeOrComponent === 'string') return typeOrComponent;
    return typeOrComponent && typeOrComponent.__elementType;
  }

  function createElementsGroup(initialOptions) {
    let options = Object.assign({}, initialOptions);
    let created = [];

    const group = {
      create(type, elementOptions) {
        if (SUPPORTED_ELEMENTS.indexOf(type) === -1) {
          throw new IntegrationError(
            'The Stripe stand-in only provides the payment and card Elements, not ' + type + '.',
          );
        }
        if (created.some((existing) => existing._type === type)) {
          throw new IntegrationError('Can only create one Element of type ' + type + '.');
        }
        const element = createElement(group, type, elementOptions || {});
        created.push(element);
        return element;
      },
      getElement(typeOrComponent) {
        const type = elementTypeOf(typeOrComponent);
        return created.find((element) => element._type === type) || null;
      },
      update(updates) {
        options = Object.assign({}, options, updates);
      },
      fetchUpdates() {
        return Promise.resolve({});
      },
      async submit() {
        const element = group._cardElement();
        if (!element) return { error: validationError('incomplete', 'Your payment details are incomplete.') };
        const collected = element._collect();
        return collected.error ? { error: collected.error } : {};
      },
      _forget(element) {
        created = created.filter((candidate) => candidate !== element);
      },
      _clientSecret: () => options.clientSecret,
      _cardElement() {
        return created.find((element) => element._isMounted()) || null;
      },
    };
    return group;
  }

  // ---- 3-D Secure ----------------------------------------------------------------------------

  function challengeButton(text, primary) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = text;
    button.style.padding = '10px 14px';
    button.style.fontSize = '15px';
    button.style.borderRadius = '6px';
    button.style.cursor = 'pointer';
    button.style.border = primary ? '1px solid #0570de' : '1px solid #d5d5d5';
    button.style.background = primary ? '#0570de' : '#ffffff';
    button.style.color = primary ? '#ffffff' : '#30313d';
    return button;
  }

  /** The issuer's challenge, as Stripe shows its test 3-D Secure page: the payer completes or fails it. */
  function showChallenge() {
    return new Promise((resolve) => {
      const overlay = document.createElement('div');
      overlay.style.position = 'fixed';
      overlay.style.inset = '0';
      overlay.style.zIndex = '2147483647';
      overlay.style.display = 'flex';
      overlay.style.alignItems = 'center';
      overlay.style.justifyContent = 'center';
      overlay.style.background = 'rgba(0, 0, 0, 0.45)';
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-label', '3D Secure authentication');
      dialog.style.boxSizing = 'border-box';
      dialog.style.width = 'min(92vw, 400px)';
      dialog.style.padding = '24px';
      dialog.style.borderRadius = '8px';
      dialog.style.background = '#ffffff';
      dialog.style.color = '#30313d';
      dialog.style.fontFamily = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif';
      const title = document.createElement('p');
      title.textContent = 'Test 3D Secure authentication';
      title.style.margin = '0 0 8px';
      title.style.fontSize = '18px';
      title.style.fontWeight = '600';
      const note = document.createElement('p');
      note.textContent =
        'Your bank asks you to confirm that it is you. Complete or fail this test authentication.';
      note.style.margin = '0 0 20px';
      note.style.fontSize = '14px';
      const actions = document.createElement('div');
      actions.style.display = 'flex';
      actions.style.flexWrap = 'wrap';
      actions.style.gap = '12px';
      const approve = challengeButton('Complete authentication', true);
      const fail = challengeButton('Fail authentication', false);
      function answer(outcome) {
        overlay.remove();
        resolve(outcome);
      }
      approve.addEventListener('click', () => answer('approve'));
      fail.addEventListener('click', () => answer('fail'));
      actions.append(approve, fail);
      dialog.append(title, note, actions);
      overlay.append(dialog);
      document.body.appendChild(overlay);
      approve.focus();
    });
  }

  // ---- Stripe --------------------------------------------------------------------------------

  function resultKey(kind) {
    return kind === 'payment' ? 'paymentIntent' : 'setupIntent';
  }

  /** Stripe.js's answer for an intent after confirm (and any 3-D Secure): the intent, or why it failed. */
  function settled(kind, intent) {
    const lastError = kind === 'payment' ? intent.last_payment_error : intent.last_setup_error;
    const errorKey = kind === 'payment' ? 'payment_intent' : 'setup_intent';
    if (intent.status === 'requires_payment_method' && lastError) {
      if (/_authentication_failure$/.test(lastError.code || '')) {
        const error = { type: 'card_error', code: lastError.code, message: AUTHENTICATION_FAILED };
        error[errorKey] = intent;
        return { error };
      }
      const error = Object.assign({}, lastError);
      error[errorKey] = intent;
      return { error };
    }
    const result = {};
    result[resultKey(kind)] = intent;
    return result;
  }

  function redirectTo(returnUrl, kind, intent) {
    const url = new URL(returnUrl, window.location.href);
    const name = kind === 'payment' ? 'payment_intent' : 'setup_intent';
    url.searchParams.set(name, intent.id);
    url.searchParams.set(name + '_client_secret', intent.client_secret);
    url.searchParams.set('redirect_status', intent.status === 'succeeded' ? 'succeeded' : intent.status);
    window.location.assign(url.toString());
  }

  function createStripe(key) {
    const wrappers = [];
    const appInfo = [];

    async function authenticate(intentRef, clientSecret, intent) {
      if (
        intent.status !== 'requires_action' ||
        !intent.next_action ||
        intent.next_action.type !== 'use_stripe_sdk'
      ) {
        return { status: 200, body: intent };
      }
      const outcome = await showChallenge();
      return request('POST', '/v1/' + intentRef.collection + '/' + intentRef.id + '/test_authenticate', {
        key,
        client_secret: clientSecret,
        outcome,
      });
    }

    async function confirmIntent(kind, clientSecret, fields) {
      const intentRef = intentOf(clientSecret, kind);
      const confirmed = await request(
        'POST',
        '/v1/' + intentRef.collection + '/' + intentRef.id + '/confirm',
        {
          key,
          client_secret: clientSecret,
          expected_payment_method_type: 'card',
          use_stripe_sdk: 'true',
          ...fields,
        },
      );
      if (confirmed.status !== 200) return { error: confirmed.body.error };
      const authenticated = await authenticate(intentRef, clientSecret, confirmed.body);
      if (authenticated.status !== 200) return { error: authenticated.body.error };
      return settled(kind, authenticated.body);
    }

    function paymentMethodData(card, billingDetails) {
      return { type: 'card', card, billing_details: billingDetails };
    }

    /** confirmPayment / confirmSetup with the Payment Element's card. */
    async function confirmWithElements(kind, options) {
      const group = options && options.elements;
      if (!group || typeof group._cardElement !== 'function') {
        throw new IntegrationError(
          'Invalid value for confirm' +
            (kind === 'payment' ? 'Payment' : 'Setup') +
            ': elements should be an Elements group.',
        );
      }
      const clientSecret = options.clientSecret || group._clientSecret();
      const params = options.confirmParams || {};
      if (options.redirect !== 'if_required' && !params.return_url) {
        throw new IntegrationError(
          'stripe.confirm' +
            (kind === 'payment' ? 'Payment' : 'Setup') +
            "(): the `confirmParams.return_url` argument is required unless passing `redirect: 'if_required'`",
        );
      }
      intentOf(clientSecret, kind);
      const element = group._cardElement();
      if (!element) throw new IntegrationError('elements should have a mounted Payment Element.');
      const collected = element._collect();
      if (collected.error) return { error: collected.error };
      const billing = params.payment_method_data && params.payment_method_data.billing_details;
      const fields = { payment_method_data: paymentMethodData(collected.card, billing) };
      if (params.return_url) fields.return_url = params.return_url;
      if (kind === 'payment' && params.receipt_email) fields.receipt_email = params.receipt_email;
      const result = await confirmIntent(kind, clientSecret, fields);
      if (!result.error && options.redirect !== 'if_required')
        redirectTo(params.return_url, kind, result[resultKey(kind)]);
      return result;
    }

    /** confirmCardPayment / confirmCardSetup: a Card (or Payment) Element, or a payment method id. */
    async function confirmCard(kind, clientSecret, data) {
      const paymentMethod = data && data.payment_method;
      const fields = {};
      if (typeof paymentMethod === 'string') {
        fields.payment_method = paymentMethod;
      } else if (paymentMethod && paymentMethod.card) {
        const collected = paymentMethod.card._collect();
        if (collected.error) return { error: collected.error };
        fields.payment_method_data = paymentMethodData(collected.card, paymentMethod.billing_details);
      }
      if (data && data.return_url) fields.return_url = data.return_url;
      return confirmIntent(kind, clientSecret, fields);
    }

    async function retrieve(kind, clientSecret) {
      const intentRef = intentOf(clientSecret, kind);
      const read = await request('GET', '/v1/' + intentRef.collection + '/' + intentRef.id, {
        key,
        client_secret: clientSecret,
      });
      if (read.status !== 200) return { error: read.body.error };
      const result = {};
      result[resultKey(kind)] = read.body;
      return result;
    }

    async function handleNextAction(clientSecret) {
      const intentRef = intentOf(clientSecret);
      const read = await request('GET', '/v1/' + intentRef.collection + '/' + intentRef.id, {
        key,
        client_secret: clientSecret,
      });
      if (read.status !== 200) return { error: read.body.error };
      const authenticated = await authenticate(intentRef, clientSecret, read.body);
      if (authenticated.status !== 200) return { error: authenticated.body.error };
      return settled(intentRef.kind, authenticated.body);
    }

    async function createPaymentMethod(options) {
      let element = options && options.card;
      const params = (options && options.params) || {};
      if (options && options.elements) element = options.elements._cardElement();
      if (!element)
        throw new IntegrationError('createPaymentMethod needs a mounted card or Payment Element.');
      const collected = element._collect();
      if (collected.error) return { error: collected.error };
      const created = await request('POST', '/v1/payment_methods', {
        key,
        ...paymentMethodData(collected.card, options.billing_details || params.billing_details),
      });
      return created.status === 200 ? { paymentMethod: created.body } : { error: created.body.error };
    }

    return {
      elements: (options) => createElementsGroup(options || {}),
      confirmPayment: (options) => confirmWithElements('payment', options),
      confirmSetup: (options) => confirmWithElements('setup', options),
      confirmCardPayment: (clientSecret, data) => confirmCard('payment', clientSecret, data),
      confirmCardSetup: (clientSecret, data) => confirmCard('setup', clientSecret, data),
      handleNextAction: (options) => handleNextAction(options && options.clientSecret),
      handleCardAction: (clientSecret) => handleNextAction(clientSecret),
      retrievePaymentIntent: (clientSecret) => retrieve('payment', clientSecret),
      retrieveSetupIntent: (clientSecret) => retrieve('setup', clientSecret),
      createPaymentMethod,
      createToken: async () => ({
        error: {
          type: 'invalid_request_error',
          message: 'The Stripe stand-in does not create tokens: use payment methods.',
        },
      }),
      paymentRequest() {
        throw new IntegrationError('The Stripe stand-in does not provide the Payment Request Button.');
      },
      registerAppInfo(info) {
        appInfo.push(info);
      },
      _registerWrapper(wrapper) {
        wrappers.push(wrapper);
      },
    };
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey === '') {
      throw new IntegrationError('Please call Stripe() with your publishable key. You used an empty string.');
    }
    if (/^(sk|rk)_/.test(publishableKey)) {
      throw new IntegrationError(
        'You should not use your secret key with Stripe.js. Please pass a publishable key instead.',
      );
    }
    if (!/^pk_(test|live)_/.test(publishableKey)) {
      throw new IntegrationError(
        'Invalid value for Stripe(): apiKey should be a publishable key. You specified: ' +
          publishableKey +
          '.',
      );
    }
    return createStripe(publishableKey);
  }
  Stripe.version = VERSION;

  window.Stripe = Stripe;
})();
