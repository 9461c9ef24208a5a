// The first paint on a slow network (decision 027; src/lib/boot-shell.ts writes what this reads). Before the app's
// scripts arrive, draw the signed-in agent's last figures on /agent/Main, or a loading bar anywhere else. Plain
// ES5, no dependency, text only (textContent): it runs before anything else and must never break the page.
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
  try {
    var route = window.location.hash.replace(/^#/, '').split('?')[0];
    var snapshot = read('promoter.bootShell');
    var token = read('promoter.token');
    var expiresAt = read('promoter.expiresAt');
    var user = read('promoter.user');
    var mine =
      /^\/agent\/main\/?$/i.test(route) &&
      typeof token === 'string' &&
      typeof expiresAt === 'number' &&
      Date.now() < expiresAt &&
      snapshot &&
      snapshot.v === 1 &&
      user &&
      user.agentId === snapshot.agentId &&
      Object.prototype.toString.call(snapshot.figures) === '[object Array]';
    var shell = el(
      'div',
      'position:fixed;top:0;right:0;bottom:0;left:0;z-index:2000;overflow:hidden;background:#f4f6fb;color:#1f2937;' +
        'font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;',
    );
    shell.id = 'boot-shell';
    shell.setAttribute('aria-busy', 'true');
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
    if (mine) {
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
          el(
            'div',
            'font-size:24px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;',
            figure.value,
          ),
        );
        grid.appendChild(card);
      }
      page.appendChild(grid);
      shell.appendChild(page);
    }
    document.body.appendChild(shell);
    // The app removes it with its first screen; should the app never come up, it does not hide the page for good.
    window.setTimeout(function () {
      if (shell.parentNode) shell.parentNode.removeChild(shell);
    }, 20000);
  } catch {
    // Nothing drawn: the app paints as before.
  }
})();
