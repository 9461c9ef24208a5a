// The first paint on a slow network (decisions 027 and 048; src/lib/boot-shell.ts writes what this reads). Before the
// app's scripts arrive: on /agent/Main the signed-in agent's last figures; on the login page its first screen, which
// the build prerendered into #boot-shell (build/login-prerender.ts), in the stored language and theme; anywhere else a
// loading bar. Plain ES5, no dependency, text only (textContent): it runs before anything else and must never break
// the page.
/* global window, document */
(function () {
  'use strict';
  function read(key) {
    try {
      return JSON.parse(window.localStorage.getItem(key));
    } catch {
      return null;
    }
  }
  function el(tag, style, text) {
    var node = document.createElement(tag);
    node.setAttribute('style', style);
    if (text !== undefined) node.textContent = String(text);
    return node;
  }
  function routeOf(hash) {
    return hash.replace(/^#/, '').split('?')[0];
  }
  /** The login page's route, as the router matches it (not case-sensitive). */
  function isLogin(hash) {
    return /^\/session\/login\/?$/i.test(routeOf(hash));
  }
  /** The game's one-time ticket, where the login page reads it (features/auth/lib/read-login-token.ts). */
  function hasTicket() {
    var hash = window.location.hash;
    var queries = [
      hash.indexOf('?') < 0 ? '' : hash.slice(hash.indexOf('?') + 1),
      window.location.search.slice(1),
    ];
    for (var q = 0; q < queries.length; q++) {
      var pairs = queries[q].split('&');
      for (var i = 0; i < pairs.length; i++) {
        var pair = pairs[i].split('=');
        if (pair[0] !== 'token' || pair.length < 2) continue;
        try {
          return decodeURIComponent(pair[1].replace(/\+/g, ' ')).replace(/^\s+|\s+$/g, '') !== '';
        } catch {
          return false;
        }
      }
    }
    return false;
  }
  /** '#rrggbb' or '#rgb' as [r, g, b], or null. */
  function rgbOf(hex) {
    if (typeof hex !== 'string' || !/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(hex)) return null;
    var digits = hex.slice(1);
    if (digits.length === 3) digits = digits.replace(/(.)/g, '$1$1');
    var value = parseInt(digits, 16);
    return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  }
  /** MUI's contrast text on a colour (getContrastText, threshold 3): white, or the dark text. */
  function contrastText(rgb) {
    var lum = 0;
    var weights = [0.2126, 0.7152, 0.0722];
    for (var i = 0; i < 3; i++) {
      var c = rgb[i] / 255;
      lum += weights[i] * (c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
    }
    return 1.05 / (lum + 0.05) >= 3 ? '#fff' : 'rgba(0,0,0,.87)';
  }
  /**
   * The prerendered login screen as the app will show it: the stored language's texts (the build's data; the
   * markup is the default locale's), direction, dark theme and primary colour (stores/theme-options.ts), and the
   * ticket's "signing in" instead of the form.
   */
  function showLogin(shell) {
    var data = JSON.parse(document.getElementById('boot-login-data').textContent);
    var options = read('promoter.themeOptions') || {};
    var own = Object.prototype.hasOwnProperty;
    var locale = own.call(data.locales, options.language) ? data.locales[options.language] : null;
    var i;
    if (locale) {
      var texts = {};
      for (i = 0; i < data.keys.length; i++) texts[data.keys[i]] = locale.t[i];
      var nodes = shell.querySelectorAll('[data-t]');
      for (i = 0; i < nodes.length; i++) nodes[i].textContent = texts[nodes[i].getAttribute('data-t')];
      nodes = shell.querySelectorAll('[data-ta]');
      for (i = 0; i < nodes.length; i++)
        nodes[i].setAttribute('aria-label', texts[nodes[i].getAttribute('data-ta')]);
      shell.querySelector('[data-boot-flag]').textContent = locale.flag;
      shell.setAttribute('lang', locale.lang);
      document.title = texts['app.brand'];
    } else shell.setAttribute('lang', 'zh-CN');
    shell.setAttribute('dir', options.rtlLayout === true ? 'rtl' : 'ltr');
    if (options.darkMode === true) shell.className = 'bs-dark';
    var custom = options.paletteSource === 'custom' ? rgbOf(options.customColor) : null;
    var primary = custom
      ? options.customColor
      : own.call(data.themes, options.themeId) && data.themes[options.themeId];
    var rgb = rgbOf(primary);
    if (rgb) {
      shell.style.setProperty('--p', primary);
      shell.style.setProperty('--p4', 'rgba(' + rgb.join(',') + ',.4)');
      shell.style.setProperty('--pc', contrastText(rgb));
    }
    if (hasTicket()) shell.setAttribute('data-boot-ticket', '');
    shell.setAttribute('data-boot-view', 'login');
  }
  /** The loading bar, and on /agent/Main the agent's figures (`snapshot`, or none). */
  function drawBar(shell, snapshot) {
    shell.removeAttribute('data-boot-view');
    shell.removeAttribute('data-boot-ticket');
    shell.removeAttribute('class');
    while (shell.firstChild) shell.removeChild(shell.firstChild);
    shell.setAttribute(
      'style',
      'position:fixed;top:0;right:0;bottom:0;left:0;z-index:2000;overflow:hidden;background:#f4f6fb;color:#1f2937;' +
        'font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;',
    );
    var bar = el(
      'div',
      'height:3px;background:#5d92f4;width:40%;animation:boot-shell-bar 1.2s ease-in-out infinite;',
    );
    var keyframes = el('style', '');
    keyframes.textContent =
      '@keyframes boot-shell-bar{0%{margin-left:-40%}100%{margin-left:100%}}' +
      '@media (prefers-reduced-motion:reduce){#boot-shell div{animation:none!important}}';
    shell.appendChild(keyframes);
    shell.appendChild(bar);
    if (!snapshot) return;
    shell.setAttribute('dir', snapshot.dir === 'rtl' ? 'rtl' : 'ltr');
    shell.setAttribute('lang', String(snapshot.lang));
    var page = el('div', 'padding:16px;max-width:1200px;margin:0 auto;');
    page.appendChild(el('h1', 'font-size:22px;font-weight:500;margin:8px 0 16px;', snapshot.title));
    var grid = el('div', 'display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:16px;');
    for (var i = 0; i < snapshot.figures.length && i < 8; i++) {
      var figure = snapshot.figures[i];
      var card = el(
        'div',
        'background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.12);min-width:0;',
      );
      card.setAttribute('data-boot-figure', String(figure.key));
      card.appendChild(el('div', 'font-size:14px;color:#6b7280;margin-bottom:8px;', figure.label));
      card.appendChild(
        el('div', 'font-size:24px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;', figure.value),
      );
      grid.appendChild(card);
    }
    page.appendChild(grid);
    shell.appendChild(page);
  }
  function removeLater(shell) {
    // The app removes it with its first screen; should the app never come up, it does not hide the page for good.
    window.setTimeout(function () {
      if (shell.parentNode) shell.parentNode.removeChild(shell);
    }, 20000);
  }
  /**
   * The first route's scripts and the stored language's texts asked for beside the app's own script, instead of
   * after it has arrived and run (the build's list, boot-shell-plugin.ts: the login page and /agent/Main).
   */
  function preloadRoute() {
    var data = JSON.parse(document.getElementById('boot-preload-data').textContent);
    var options = read('promoter.themeOptions') || {};
    var own = Object.prototype.hasOwnProperty;
    var route = routeOf(window.location.hash).replace(/\/$/, '').toLowerCase() || '/';
    var first = own.call(data.routes, route) ? data.routes[route] : null;
    var files = [];
    if (first && first.files.length) {
      // The texts first: every screen waits for them, and a phone's six connections take the list in order.
      var texts = own.call(data.texts, options.language) ? data.texts[options.language] : data.texts.cn;
      files.push(texts.start);
      if (first.agentTexts) files.push(texts.agent);
      files = files.concat(first.files);
    }
    for (var i = 0; i < files.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[i];
      document.head.appendChild(link);
    }
  }
  // Once the page has painted (the first paint does not share the network with them), or after 100 ms when hidden.
  var preloaded = false;
  var preload = function () {
    if (preloaded) return;
    preloaded = true;
    try {
      preloadRoute();
    } catch {
      // Nothing asked for early: the app asks as before.
    }
  };
  window.setTimeout(preload, 100);
  window.requestAnimationFrame(function () {
    window.setTimeout(preload, 0);
  });

  // The drawing the build wrote (the prerendered login), or one of its own where there is none.
  var shell = document.getElementById('boot-shell');
  try {
    var snapshot = read('promoter.bootShell');
    var token = read('promoter.token');
    var expiresAt = read('promoter.expiresAt');
    var user = read('promoter.user');
    var mine =
      /^\/agent\/main\/?$/i.test(routeOf(window.location.hash)) &&
      typeof token === 'string' &&
      typeof expiresAt === 'number' &&
      Date.now() < expiresAt &&
      snapshot &&
      snapshot.v === 1 &&
      user &&
      user.agentId === snapshot.agentId &&
      Object.prototype.toString.call(snapshot.figures) === '[object Array]';
    if (!shell) {
      shell = el('div', '');
      shell.id = 'boot-shell';
      shell.setAttribute('aria-busy', 'true');
      document.body.appendChild(shell);
    }
    if (!mine && isLogin(window.location.hash) && shell.querySelector('[data-boot-login]')) {
      showLogin(shell);
      // A link of the screen followed before the app is up: no login screen on another route.
      var leave = function () {
        if (shell.parentNode && isLogin(window.location.hash)) return;
        window.removeEventListener('hashchange', leave);
        // Gone already: the app took over.
        if (!shell.parentNode) return;
        drawBar(shell, null);
        removeLater(shell);
      };
      window.addEventListener('hashchange', leave);
    } else {
      drawBar(shell, mine ? snapshot : null);
      removeLater(shell);
    }
  } catch {
    // Nothing drawn: the app paints as before.
    if (shell && shell.parentNode) shell.parentNode.removeChild(shell);
  }
})();
