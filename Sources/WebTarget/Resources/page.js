/*
 * fscript's page script for the web target (Sources/WebTarget/Resources/page.js).
 *
 * fscript evaluates this file in every frame of the page: first as a preload (DevTools
 * Page.addScriptToEvaluateOnNewDocument, before the page's own scripts), or late (WebDriver execute script, an
 * indirect eval) where no preload is possible. The preload is prefixed by the Swift side with
 *   window.__fscriptConfig = {env: {...}, rewrites: [[fromOrigin, toBase], ...]};
 * The script is one block of statements, its completion value is meaningless, and it installs
 * `window.__fscript` once per window (a second evaluation does nothing). A late install in the top window also
 * installs itself into same-origin frames the first time it looks at them.
 *
 * API (every function catches everything and never throws; a failure is {ok: false, reason}):
 *   __fscript.idle(quietMs)        -> {idle, busy: [{kind, what, ms, [frame], [remaining_ms]}]}
 *   __fscript.tree([uid])          -> the Frankly dump: a UIWindow "w0" for the page (or the subtree of uid)
 *   __fscript.element(uid)         -> the element, or null when it left the page
 *   __fscript.prepareTouch(uid)    -> {ok: true, x, y} | {ok: false, reason}
 *   __fscript.focus(uid, replace)  -> {ok: true} | {ok: false, reason}
 *   __fscript.describe(uid)        -> "button#save 'Save'" (a string, always)
 *   __fscript.setValue(uid, v)     -> {ok: true, value} | {ok: false, reason}     (range inputs, v in 0..1)
 *   __fscript.scroll(uid, where)   -> {ok: true, scrolled} | {ok: false, reason}  (top, bottom, left, right)
 *   __fscript.rewrites             -> [[fromOrigin, toBase], ...], read at each request
 *   window.fscriptEnv              -> a frozen copy of __fscriptConfig.env (set only when a config is given)
 *
 * Class mapping (the first rule that matches; an explicit role attribute is looked at before the tag):
 *   | class                   | role attribute                                  | element                                      |
 *   |-------------------------|-------------------------------------------------|----------------------------------------------|
 *   | UIButton                | button link menuitem menuitemcheckbox           | button, summary, a[href],                    |
 *   |                         | menuitemradio tab                               | input[type=button|submit|reset|image|color|file] |
 *   | UITextView              | textbox with aria-multiline=true                | textarea                                     |
 *   | UITextField             | textbox searchbox combobox                      | input (text, email, password, search, tel,   |
 *   |                         |                                                 | url, number, date…, or no type),             |
 *   |                         |                                                 | a contenteditable editing host               |
 *   | UISwitch                | checkbox switch radio                           | input[type=checkbox|radio]                   |
 *   | UISlider                | slider                                          | input[type=range]                            |
 *   | UITableViewCell         | listitem row option treeitem                    | li, tr, option                               |
 *   | UITableView             | list listbox grid table tree treegrid           | ul, ol, menu, table, select                  |
 *   | UIAlertView             | dialog alertdialog                              | dialog                                       |
 *   | UIActivityIndicatorView | progressbar                                     | progress; else any element with              |
 *   |                         |                                                 | aria-busy=true that no rule above matched    |
 *   | UIImageView             | img image                                       | img (svg[role=img] through its role)         |
 *   | UILabel                 | –                                               | any other element with own non-blank text    |
 *   | UIView                  | –                                               | everything else (iframe too)                 |
 *   role=none/presentation skips the element rules. Not views at all: script, style, template, noscript, meta,
 *   link, head, title, base, br, wbr; slot elements are transparent (their assigned or fallback elements take
 *   their place). svg, object, embed, canvas, video and audio are leaves.
 *
 * Node attributes (omitted when empty or not applicable):
 *   class, uid ("e42", stable for the element's life), accessibilityLabel, accessibilityIdentifier (data-testid,
 *   else id), accessibilityFrame (top-window viewport CSS px), frame (relative to the parent node's
 *   accessibilityFrame), isHidden (own computed display:none, visibility other than visible, or
 *   aria-hidden="true"; a display:none element is kept but not descended into), alpha (own computed opacity),
 *   isEnabled (0 for :disabled, including inside a disabled fieldset, or aria-disabled="true" on it or an
 *   ancestor), text, title (UIButton: its text), placeholder, isOn (UISwitch; also buttons with aria-pressed),
 *   isSelected (options, aria-selected), value (UISlider: 0..1 within minimumValue..maximumValue, the raw min and
 *   max; determinate progress: 0..1, also as `progress`), isAnimating (indeterminate progress, aria-busy), role
 *   (explicit, else implicit), tagName, isFocused (only on the deep document.activeElement), url and crossOrigin
 *   (iframes), subviews.
 *   text: text fields and views their current value (contenteditable: innerText); buttons and cells their whole
 *   text content (an img inside counts with its alt); labels their text content when every child element is
 *   inline (span, b, a, …), else only their own text nodes, joined. Whitespace collapsed and trimmed.
 *   accessibilityLabel: aria-labelledby, aria-label, associated <label>s, alt, an input button's value, an svg's
 *   <title>, the text of roles named from content (and of every UILabel, UIButton and UITableViewCell), title,
 *   placeholder — the first that is not blank.
 */
{
  const fscriptInstall = function install(win, inherited) {
    'use strict';
    let already;
    try { already = win.__fscript; } catch (e) { return; }
    if (already) {
      try { if (typeof already._ensure === 'function') already._ensure(); } catch (e) { /* nothing to do */ }
      return;
    }

    let config = null;
    try { config = win.__fscriptConfig || inherited || null; } catch (e) { config = inherited || null; }

    const URLc = win.URL;
    const RequestC = win.Request;
    const perf = win.performance;
    const perfNow = win.Performance && win.Performance.prototype.now;
    const now = perfNow ? () => perfNow.call(perf) : () => Date.now();
    const rnd = (v) => Math.round(v * 100) / 100;
    const truncate = (s, n) => (s.length > n ? s.slice(0, n - 1) + '…' : s);
    const fail = (reason) => ({ok: false, reason});

    // ---- configuration: fscriptEnv and rewrites ------------------------------------------------------------
    const deepFreeze = (o) => {
      if (o && typeof o === 'object' && !Object.isFrozen(o)) {
        Object.freeze(o);
        for (const k of Object.keys(o)) deepFreeze(o[k]);
      }
      return o;
    };
    if (config && config.env && typeof config.env === 'object') {
      let env;
      try { env = JSON.parse(JSON.stringify(config.env)); } catch (e) { env = {}; }
      try {
        Object.defineProperty(win, 'fscriptEnv', {value: deepFreeze(env), writable: false, configurable: true, enumerable: false});
      } catch (e) { /* the page defined its own */ }
    }
    // The API object exists from here on (the request wrappers read its rewrites); its functions come last.
    const fs = {version: 1, rewrites: []};
    if (config && Array.isArray(config.rewrites)) {
      for (const p of config.rewrites) if (p && p.length >= 2) fs.rewrites.push([String(p[0]), String(p[1])]);
    }

    // ---- network: fetch and XHR in flight, with rewrites ---------------------------------------------------
    const inflight = new Map();
    let nextRequest = 1;
    const resolveUrl = (u) => {
      try { return new URLc(String(u), win.document.baseURI).href; } catch (e) { return String(u); }
    };
    const requestWhat = (method, abs) => {
      let what = abs;
      try {
        const u = new URLc(abs);
        const here = typeof win.origin === 'string' ? win.origin : win.location.origin; // about:blank: its creator's
        if (u.origin === 'null') what = truncate(abs, 60); // data: and the like
        else what = (u.origin === here ? '' : u.origin) + u.pathname;
      } catch (e) { /* keep the raw URL */ }
      return String(method || 'GET').toUpperCase() + ' ' + what;
    };
    const begin = (method, abs) => {
      const id = nextRequest++;
      inflight.set(id, {what: requestWhat(method, abs), start: now()});
      return id;
    };
    const end = (id) => { inflight.delete(id); };
    const rewrite = (abs) => {
      try {
        const list = fs.rewrites;
        if (!Array.isArray(list)) return abs;
        for (const pair of list) {
          if (!pair || pair.length < 2) continue;
          const from = String(pair[0]).replace(/\/+$/, ''), to = String(pair[1]).replace(/\/+$/, '');
          if (!from || !abs.startsWith(from)) continue;
          const rest = abs.slice(from.length);
          if (rest !== '' && !/^[/?#]/.test(rest)) continue; // https://api.example.com is not https://api.example.com.evil
          return to + rest;
        }
      } catch (e) { /* send it as asked */ }
      return abs;
    };
    const rebuildRequest = (req, target) => {
      const init = {
        method: req.method, headers: req.headers, credentials: req.credentials, cache: req.cache,
        redirect: req.redirect, integrity: req.integrity, keepalive: req.keepalive, signal: req.signal,
        referrerPolicy: req.referrerPolicy,
      };
      if (req.mode && req.mode !== 'navigate' && req.mode !== 'same-origin') init.mode = req.mode;
      if (req.method === 'GET' || req.method === 'HEAD') return Promise.resolve(new RequestC(target, init));
      return req.arrayBuffer().then((body) => { init.body = body; return new RequestC(target, init); });
    };

    const origFetch = win.fetch;
    if (typeof origFetch === 'function') {
      win.fetch = function fetch(input, init) {
        let method = 'GET', url = '', req = null;
        try {
          if (RequestC && input instanceof RequestC) { req = input; url = input.url; method = input.method; }
          else url = resolveUrl(input);
          if (init && init.method) method = String(init.method);
        } catch (e) { return origFetch.apply(win, arguments); }
        const target = rewrite(url);
        const id = begin(method, url);
        let p;
        try {
          if (target === url) p = origFetch.apply(win, arguments);
          else if (req) p = rebuildRequest(req, target).then((r) => origFetch.call(win, r, init));
          else p = origFetch.call(win, target, init);
        } catch (e) { end(id); throw e; }
        Promise.resolve(p).then(() => end(id), () => end(id));
        return p;
      };
    }

    const XHR = win.XMLHttpRequest;
    if (XHR && XHR.prototype && typeof XHR.prototype.open === 'function') {
      const proto = XHR.prototype, origOpen = proto.open, origSend = proto.send;
      const xhrs = new WeakMap();
      proto.open = function open(method, url) {
        const args = Array.prototype.slice.call(arguments);
        try {
          const previous = xhrs.get(this);
          if (previous && previous.id) { end(previous.id); previous.id = 0; } // open() aborts without loadend
          const abs = resolveUrl(url);
          xhrs.set(this, {method: String(method || 'GET').toUpperCase(), url: abs, id: 0});
          const target = rewrite(abs);
          if (target !== abs) args[1] = target;
        } catch (e) { /* send it as asked */ }
        return origOpen.apply(this, args);
      };
      proto.send = function send() {
        const info = xhrs.get(this);
        if (info) {
          try {
            if (info.id) end(info.id);
            const id = info.id = begin(info.method, info.url);
            const xhr = this;
            const done = () => { end(id); if (info.id === id) info.id = 0; xhr.removeEventListener('loadend', done); };
            this.addEventListener('loadend', done);
          } catch (e) { /* untracked */ }
        }
        try { return origSend.apply(this, arguments); } catch (e) { if (info && info.id) { end(info.id); info.id = 0; } throw e; }
      };
    }

    // ---- DOM mutations ---------------------------------------------------------------------------------------
    let lastMutation = -Infinity, observedDoc = null, observer = null;
    const ensureObserver = () => {
      const doc = win.document;
      if (observedDoc === doc || !doc) return;
      try {
        if (!observer) observer = new win.MutationObserver(() => { lastMutation = now(); });
        else observer.disconnect();
        observer.observe(doc, {subtree: true, childList: true, attributes: true, characterData: true});
        observedDoc = doc;
      } catch (e) { /* no observer: DOM changes go unseen */ }
    };
    ensureObserver();

    // ---- element helpers -------------------------------------------------------------------------------------
    const SKIP = new Set(['script', 'style', 'template', 'noscript', 'meta', 'link', 'head', 'title', 'base', 'br', 'wbr']);
    const LEAF = new Set(['svg', 'object', 'embed', 'canvas', 'video', 'audio', 'math']);
    const PHRASING = new Set(['a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd',
      'mark', 'q', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr', 'font', 'del',
      'ins', 'img', 'svg', 'label', 'output']);
    const ROLE_CLASS = {
      button: 'UIButton', link: 'UIButton', menuitem: 'UIButton', menuitemcheckbox: 'UIButton',
      menuitemradio: 'UIButton', tab: 'UIButton',
      searchbox: 'UITextField', combobox: 'UITextField',
      checkbox: 'UISwitch', switch: 'UISwitch', radio: 'UISwitch',
      slider: 'UISlider',
      listitem: 'UITableViewCell', row: 'UITableViewCell', option: 'UITableViewCell', treeitem: 'UITableViewCell',
      list: 'UITableView', listbox: 'UITableView', grid: 'UITableView', table: 'UITableView', tree: 'UITableView',
      treegrid: 'UITableView',
      dialog: 'UIAlertView', alertdialog: 'UIAlertView',
      progressbar: 'UIActivityIndicatorView',
      img: 'UIImageView', image: 'UIImageView',
    };
    const TAG_CLASS = {
      button: 'UIButton', summary: 'UIButton', textarea: 'UITextView', li: 'UITableViewCell', tr: 'UITableViewCell',
      option: 'UITableViewCell', ul: 'UITableView', ol: 'UITableView', menu: 'UITableView', table: 'UITableView',
      select: 'UITableView', dialog: 'UIAlertView', progress: 'UIActivityIndicatorView', img: 'UIImageView',
    };
    const INPUT_CLASS = {
      button: 'UIButton', submit: 'UIButton', reset: 'UIButton', image: 'UIButton', color: 'UIButton', file: 'UIButton',
      checkbox: 'UISwitch', radio: 'UISwitch', range: 'UISlider', hidden: 'UIView',
    };
    const NAMED_FROM_CONTENT = new Set(['button', 'link', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab',
      'option', 'treeitem', 'row', 'cell', 'gridcell', 'columnheader', 'rowheader', 'heading', 'tooltip', 'listitem',
      'checkbox', 'radio', 'switch']);
    const FORM = new Set(['button', 'input', 'select', 'textarea', 'optgroup', 'option', 'fieldset']);
    const TEXT_CLASSES = new Set(['UILabel', 'UIButton', 'UITableViewCell']);
    const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

    const collapse = (s) => (s ? s.replace(/\s+/g, ' ').trim() : '');
    const firstToken = (s) => {
      if (!s) return '';
      const t = s.trim().split(/\s+/)[0];
      return t ? t.toLowerCase() : '';
    };

    const implicitRole = (el, tag) => {
      switch (tag) {
        case 'a': case 'area': return el.hasAttribute('href') ? 'link' : '';
        case 'button': case 'summary': return 'button';
        case 'input': {
          const t = el.type;
          if (t === 'button' || t === 'submit' || t === 'reset' || t === 'image') return 'button';
          if (t === 'checkbox' || t === 'radio') return t;
          if (t === 'range') return 'slider';
          if (t === 'number') return 'spinbutton';
          if (t === 'search') return el.hasAttribute('list') ? 'combobox' : 'searchbox';
          if (t === 'text' || t === 'email' || t === 'tel' || t === 'url' || t === 'password') {
            return el.hasAttribute('list') ? 'combobox' : 'textbox';
          }
          return '';
        }
        case 'textarea': return 'textbox';
        case 'select': return (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
        case 'option': return 'option';
        case 'optgroup': case 'fieldset': case 'details': return 'group';
        case 'ul': case 'ol': case 'menu': return 'list';
        case 'li': return 'listitem';
        case 'table': return 'table';
        case 'tr': return 'row';
        case 'td': return 'cell';
        case 'th': return 'columnheader';
        case 'thead': case 'tbody': case 'tfoot': return 'rowgroup';
        case 'img': return el.getAttribute('alt') === '' ? 'presentation' : 'img';
        case 'nav': return 'navigation';
        case 'main': return 'main';
        case 'header': return 'banner';
        case 'footer': return 'contentinfo';
        case 'aside': return 'complementary';
        case 'form': return 'form';
        case 'search': return 'search';
        case 'dialog': return 'dialog';
        case 'progress': return 'progressbar';
        case 'meter': return 'meter';
        case 'hr': return 'separator';
        case 'output': return 'status';
        case 'article': return 'article';
        case 'section': return (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby')) ? 'region' : '';
        case 'p': return 'paragraph';
        case 'blockquote': return 'blockquote';
        case 'figure': return 'figure';
        case 'dt': return 'term';
        case 'dd': return 'definition';
        default:
          if (HEADINGS.has(tag)) return 'heading';
          return '';
      }
    };

    const isEditingHost = (el) => {
      const ce = el.getAttribute('contenteditable');
      if (ce === null || ce === 'false') return false;
      const p = el.parentElement;
      return !(p && p.isContentEditable);
    };

    const ariaDisabledAbove = (el) => {
      try { const p = el.parentElement; return !!(p && p.closest('[aria-disabled="true"]')); } catch (e) { return false; }
    };

    const isDisabled = (el) => {
      try { if (el.matches(':disabled')) return true; } catch (e) { /* not a form element */ }
      try { return el.closest('[aria-disabled="true"]') !== null; } catch (e) { return false; }
    };

    // The text a name is computed from: text nodes, an img's alt, an element's aria-label in place of its
    // content; skips hidden subtrees and `exclude` (the control a label names); spaces around block elements.
    const contentText = (root, exclude) => {
      const parts = [];
      let length = 0;
      const visit = (node) => {
        for (let n = node.firstChild; n && length < 2000; n = n.nextSibling) {
          const type = n.nodeType;
          if (type === 3) { parts.push(n.data); length += n.data.length; continue; }
          if (type !== 1 || n === exclude) continue;
          const ln = n.localName;
          if (ln === 'script' || ln === 'style' || ln === 'template' || ln === 'noscript') continue;
          if (n.hidden || n.getAttribute('aria-hidden') === 'true') continue;
          const al = n.getAttribute('aria-label');
          if (al && al.trim()) { parts.push(' ', al, ' '); length += al.length; continue; }
          if (ln === 'img' || (ln === 'input' && n.type === 'image')) {
            const alt = n.getAttribute('alt');
            if (alt) { parts.push(' ', alt, ' '); length += alt.length; }
            continue;
          }
          if (ln === 'input' || ln === 'select' || ln === 'textarea') continue;
          const block = !PHRASING.has(ln);
          if (block) parts.push(' ');
          visit(n);
          if (block) parts.push(' ');
        }
      };
      visit(root);
      return collapse(parts.join(''));
    };

    const rootOf = (el) => { try { return el.getRootNode(); } catch (e) { return el.ownerDocument; } };

    // The <label>s of each control, found once per document or shadow root and dump (`el.labels` costs a walk of
    // the whole document the first time it is read, for each control).
    const LABELABLE = new Set(['input', 'select', 'textarea', 'button', 'meter', 'output', 'progress']);
    const labelsOf = (el, ctx) => {
      const root = rootOf(el);
      if (!ctx.labelMaps) ctx.labelMaps = new Map();
      let map = ctx.labelMaps.get(root);
      if (!map) {
        map = new Map();
        try {
          for (const label of root.querySelectorAll('label')) {
            const control = label.control;
            if (!control) continue;
            const list = map.get(control);
            if (list) list.push(label); else map.set(control, [label]);
          }
        } catch (e) { /* no labels */ }
        ctx.labelMaps.set(root, map);
      }
      return map.get(el);
    };

    const accessibleName = (el, tag, cls, role, text, ctx, A) => {
      const ids = A ? el.getAttribute('aria-labelledby') : null;
      if (ids) {
        const root = rootOf(el);
        const texts = [];
        for (const id of ids.trim().split(/\s+/)) {
          let ref = null;
          try { ref = root.getElementById ? root.getElementById(id) : el.ownerDocument.getElementById(id); } catch (e) { ref = null; }
          if (!ref) continue;
          const t = collapse(ref.getAttribute('aria-label')) || contentText(ref) ||
            collapse(ref.value !== undefined && typeof ref.value === 'string' ? ref.value : '');
          if (t) texts.push(t);
        }
        const joined = texts.join(' ');
        if (joined) return joined;
      }
      const aria = A ? collapse(el.getAttribute('aria-label')) : '';
      if (aria) return aria;
      const labels = LABELABLE.has(tag) ? labelsOf(el, ctx) : undefined;
      if (labels) {
        const texts = [];
        for (const label of labels) { const t = contentText(label, el); if (t) texts.push(t); }
        const joined = texts.join(' ');
        if (joined) return joined;
      }
      if (A && (tag === 'img' || tag === 'area' || (tag === 'input' && el.type === 'image'))) {
        const alt = collapse(el.getAttribute('alt'));
        if (alt) return alt;
      }
      if (tag === 'input' && (el.type === 'submit' || el.type === 'reset' || el.type === 'button')) {
        if (text) return text;
      }
      if (tag === 'svg') {
        for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
          if (c.localName === 'title') { const t = collapse(c.textContent); if (t) return t; break; }
        }
      }
      if (TEXT_CLASSES.has(cls) || NAMED_FROM_CONTENT.has(role) || tag === 'label' || tag === 'legend' ||
          tag === 'caption' || tag === 'figcaption') {
        const t = (TEXT_CLASSES.has(cls) && text !== undefined) ? text : contentText(el);
        if (t) return t;
      }
      if (!A) return '';
      const title = collapse(el.getAttribute('title'));
      if (title) return title;
      return collapse(el.getAttribute('placeholder') || el.getAttribute('aria-placeholder'));
    };

    const inputButtonText = (el) => {
      const t = el.type;
      if (t === 'image') return collapse(el.getAttribute('alt') || el.getAttribute('value') || 'Submit');
      if (t === 'file' || t === 'color') return collapse(el.getAttribute('aria-label') || '');
      const v = el.getAttribute('value');
      if (v !== null) return collapse(v);
      return t === 'submit' ? 'Submit' : t === 'reset' ? 'Reset' : '';
    };

    const shortDesc = (el) => {
      if (!el || el.nodeType !== 1) return String(el);
      let s = el.localName;
      if (el.id) s += '#' + el.id;
      const cl = el.classList;
      if (cl) for (let i = 0; i < cl.length && i < 3; i++) s += '.' + cl[i];
      return s;
    };

    const num = (s, fallback) => {
      const v = parseFloat(s);
      return isFinite(v) ? v : fallback;
    };

    // ---- uids ----------------------------------------------------------------------------------------------
    // uid -> WeakRef(element); the entries of collected elements are swept when the map has doubled.
    const ownRegistry = {ids: new WeakMap(), refs: new Map(), counter: 0, sweepAt: 4096};
    // Frames share the top window's registry, so that one uid names one element across the whole page.
    const registry = () => {
      try {
        const t = win.top;
        if (t !== win && t.__fscript && t.__fscript._reg) return t.__fscript._reg;
      } catch (e) { /* a cross-origin top */ }
      return ownRegistry;
    };
    const uidOf = (reg, el) => {
      let id = reg.ids.get(el);
      if (id === undefined) {
        id = 'e' + (++reg.counter);
        reg.ids.set(el, id);
        reg.refs.set(id, new WeakRef(el));
        if (reg.refs.size >= reg.sweepAt) {
          for (const [key, ref] of reg.refs) if (!ref.deref()) reg.refs.delete(key);
          reg.sweepAt = Math.max(4096, reg.refs.size * 2);
        }
      }
      return id;
    };

    // The offset of a frame's viewport in this window's viewport, or null when the frame left the page.
    const frameOffset = (view) => {
      let ox = 0, oy = 0, v = view;
      for (let depth = 0; v !== win; depth++) {
        if (!v || depth > 30) return null;
        let fe = null;
        try { fe = v.frameElement; } catch (e) { return null; }
        if (!fe || !fe.isConnected) return null;
        const pv = fe.ownerDocument.defaultView;
        if (!pv) return null;
        const r = fe.getBoundingClientRect();
        const cs = pv.getComputedStyle(fe);
        ox += r.left + fe.clientLeft + num(cs.paddingLeft, 0);
        oy += r.top + fe.clientTop + num(cs.paddingTop, 0);
        v = pv;
      }
      return {ox, oy};
    };

    const elementOf = (uid) => {
      const ref = registry().refs.get(String(uid));
      const el = ref && ref.deref();
      if (!el || !el.isConnected) return null;
      const view = el.ownerDocument && el.ownerDocument.defaultView;
      if (!view || !frameOffset(view)) return null;
      return el;
    };

    const deepActive = (doc) => {
      let a = doc.activeElement;
      for (let i = 0; a && i < 50; i++) {
        if (a.shadowRoot && a.shadowRoot.activeElement) { a = a.shadowRoot.activeElement; continue; }
        if (a.localName === 'iframe' || a.localName === 'frame') {
          let cd = null;
          try { cd = a.contentDocument; } catch (e) { cd = null; }
          if (cd && cd.activeElement) { a = cd.activeElement; continue; }
        }
        break;
      }
      return a;
    };

    // Children in the flat tree: an open shadow root's children in place of the light ones, a slot replaced by
    // the elements assigned to it (or its fallback content).
    const forEachChild = (el, fn) => {
      const sr = el.shadowRoot;
      eachIn(sr || el, fn);
    };
    const eachIn = (parent, fn) => {
      for (let c = parent.firstElementChild; c; c = c.nextElementSibling) emit(c, fn);
    };
    const emit = (c, fn) => {
      if (c.localName === 'slot') {
        let assigned = [];
        try { assigned = c.assignedElements(); } catch (e) { assigned = []; }
        if (assigned.length) { for (const a of assigned) emit(a, fn); } else eachIn(c, fn);
      } else fn(c);
    };

    const rect = (x, y, w, h) => ({origin: {x: rnd(x), y: rnd(y)}, size: {width: rnd(w), height: rnd(h)}});

    // ---- one node --------------------------------------------------------------------------------------------
    // `off`: an ancestor has aria-disabled="true". Attributes are read only from elements that have any (most
    // have none or only a class), which keeps a dump of thousands of elements within a few tens of milliseconds.
    const buildNode = (el, ctx, pax, pay, deep, off) => {
      const tag = el.localName;
      if (SKIP.has(tag)) return null;
      const cs = ctx.view.getComputedStyle(el);
      const display = cs.display;
      const r = el.getBoundingClientRect();
      const ax = r.left + ctx.ox, ay = r.top + ctx.oy;
      const A = el.hasAttributes();

      const roleAttr = A ? firstToken(el.getAttribute('role')) : '';
      const presentational = roleAttr === 'none' || roleAttr === 'presentation';
      let own = '';
      for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 3) own += n.data;
      if (own) own = collapse(own);
      const editable = A && isEditingHost(el);

      let cls = roleAttr ? ROLE_CLASS[roleAttr] : undefined;
      if (roleAttr === 'textbox') cls = el.getAttribute('aria-multiline') === 'true' ? 'UITextView' : 'UITextField';
      if (!cls && !presentational) {
        if (tag === 'input') cls = INPUT_CLASS[el.type] || 'UITextField';
        else if (tag === 'a') cls = A && el.hasAttribute('href') ? 'UIButton' : undefined;
        else cls = TAG_CLASS[tag];
        if (!cls && editable) cls = 'UITextField';
      }
      const busy = A && el.getAttribute('aria-busy') === 'true';
      if (!cls && busy) cls = 'UIActivityIndicatorView';
      if (!cls) cls = own ? 'UILabel' : 'UIView';
      const role = roleAttr || (editable ? 'textbox' : implicitRole(el, tag));

      let text;
      const leaf = el.firstElementChild === null;
      if (cls === 'UITextField' || cls === 'UITextView') {
        if (tag === 'input' || tag === 'textarea') text = el.value;
        else if (el.isContentEditable) text = el.innerText;
        else text = leaf ? own : contentText(el);
      } else if (cls === 'UIButton') {
        text = tag === 'input' ? inputButtonText(el) : (leaf ? own : contentText(el));
      } else if (cls === 'UITableViewCell') {
        text = leaf ? own : contentText(el);
      } else if (cls === 'UILabel') {
        if (leaf) text = own;
        else {
          let inline = !el.shadowRoot;
          for (let c = el.firstElementChild; c && inline; c = c.nextElementSibling) if (!PHRASING.has(c.localName)) inline = false;
          text = inline ? contentText(el) : own;
        }
      }

      const node = {class: cls, uid: uidOf(ctx.reg, el)};
      const label = accessibleName(el, tag, cls, role, text, ctx, A);
      if (label) node.accessibilityLabel = label;
      const ident = A ? (el.getAttribute('data-testid') || el.id) : '';
      if (ident) node.accessibilityIdentifier = ident;
      node.accessibilityFrame = rect(ax, ay, r.width, r.height);
      node.frame = rect(ax - pax, ay - pay, r.width, r.height);
      node.isHidden = (display === 'none' || cs.visibility !== 'visible' || (A && el.getAttribute('aria-hidden') === 'true')) ? 1 : 0;
      node.alpha = num(cs.opacity, 1);
      const ariaOff = off || (A && el.getAttribute('aria-disabled') === 'true');
      node.isEnabled = (ariaOff || (FORM.has(tag) && el.matches(':disabled'))) ? 0 : 1;
      if (text !== undefined) node.text = text;
      if (cls === 'UIButton') node.title = text;
      if (A && (cls === 'UITextField' || cls === 'UITextView' || tag === 'input' || tag === 'textarea')) {
        const placeholder = el.getAttribute('placeholder') || el.getAttribute('aria-placeholder');
        if (placeholder !== null) node.placeholder = placeholder;
      }
      const pressed = A ? el.getAttribute('aria-pressed') : null;
      if (cls === 'UISwitch') {
        node.isOn = (tag === 'input' ? el.checked : (el.getAttribute('aria-checked') === 'true' || pressed === 'true')) ? 1 : 0;
      } else if (pressed !== null) {
        node.isOn = pressed === 'true' ? 1 : 0;
      }
      if (tag === 'option') node.isSelected = el.selected ? 1 : 0;
      else if (A) {
        const selected = el.getAttribute('aria-selected');
        if (selected !== null) node.isSelected = selected === 'true' ? 1 : 0;
      }
      if (cls === 'UISlider') {
        let min, max, v;
        if (tag === 'input') { min = num(el.min, 0); max = num(el.max, 100); v = num(el.value, min); }
        else {
          min = num(el.getAttribute('aria-valuemin'), 0); max = num(el.getAttribute('aria-valuemax'), 100);
          v = num(el.getAttribute('aria-valuenow'), min);
        }
        node.value = max > min ? rnd(((v - min) / (max - min)) * 10000) / 10000 : 0;
        node.minimumValue = min;
        node.maximumValue = max;
      } else if (cls === 'UIActivityIndicatorView' || tag === 'progress' || roleAttr === 'progressbar') {
        let position = -1;
        if (tag === 'progress') position = el.position;
        else if (A && el.hasAttribute('aria-valuenow')) {
          const min = num(el.getAttribute('aria-valuemin'), 0), max = num(el.getAttribute('aria-valuemax'), 100);
          const v = num(el.getAttribute('aria-valuenow'), min);
          position = max > min ? Math.min(1, Math.max(0, (v - min) / (max - min))) : 0;
        }
        if (position >= 0) { node.value = rnd(position * 10000) / 10000; node.progress = node.value; }
        node.isAnimating = (position < 0 || busy) ? 1 : 0;
      } else if (busy) {
        node.isAnimating = 1;
      }
      if (role) node.role = role;
      node.tagName = tag;
      if (el === ctx.focused) node.isFocused = 1;
      const subviews = [];

      if (tag === 'iframe' || tag === 'frame') {
        let cd = null;
        try { cd = el.contentDocument; } catch (e) { cd = null; }
        if (!cd) {
          if (el.contentWindow) node.crossOrigin = 1;
        } else {
          node.url = cd.URL;
          if (deep && display !== 'none') {
            const view = cd.defaultView;
            const container = cd.body || cd.documentElement;
            if (view && container) {
              const child = {
                view, reg: ctx.reg, focused: ctx.focused, labelMaps: ctx.labelMaps,
                ox: ax + el.clientLeft + num(cs.paddingLeft, 0), oy: ay + el.clientTop + num(cs.paddingTop, 0),
              };
              forEachChild(container, (c) => { const n = buildNode(c, child, ax, ay, true, false); if (n) subviews.push(n); });
            }
          }
        }
      } else if (deep && display !== 'none' && !LEAF.has(tag)) {
        forEachChild(el, (c) => { const n = buildNode(c, ctx, ax, ay, true, ariaOff); if (n) subviews.push(n); });
      }
      node.subviews = subviews;
      return node;
    };

    const contextFor = (el, reg) => {
      const view = el.ownerDocument.defaultView;
      const off = frameOffset(view);
      if (!off) return null;
      return {view, reg, ox: off.ox, oy: off.oy, focused: deepActive(win.document)};
    };

    // The element a subtree of the dump hangs from: the flat-tree parent, slots skipped, a frame's body or
    // root standing for its iframe; null for the window.
    const treeParent = (el) => {
      let p = el;
      for (let i = 0; i < 1000; i++) {
        let next = p.assignedSlot || p.parentNode;
        if (next && next.nodeType === 11) next = next.host || null;
        if (!next || next.nodeType === 9) return null;
        const doc = next.ownerDocument;
        if (next === doc.body || next === doc.documentElement) {
          let fe = null;
          try { fe = doc.defaultView && doc.defaultView.frameElement; } catch (e) { fe = null; }
          return (fe && doc.defaultView !== win) ? fe : null;
        }
        if (next.localName !== 'slot') return next;
        p = next;
      }
      return null;
    };

    const tree = (uid) => {
      const reg = registry();
      const doc = win.document;
      if (uid !== undefined && uid !== null && uid !== 'w0') {
        const el = elementOf(uid);
        if (!el) return fail('no such view (it left the page)');
        const ctx = contextFor(el, reg);
        if (!ctx) return fail('no such view (it left the page)');
        const parent = treeParent(el);
        let px = 0, py = 0;
        if (parent) {
          const pctx = contextFor(parent, reg);
          const pr = parent.getBoundingClientRect();
          if (pctx) { px = pr.left + pctx.ox; py = pr.top + pctx.oy; }
        }
        return buildNode(el, ctx, px, py, true, ariaDisabledAbove(el)) || fail('not a view: ' + shortDesc(el));
      }
      const w = win.innerWidth, h = win.innerHeight;
      const root = {
        class: 'UIWindow', uid: 'w0', isKeyWindow: 1, windowLevel: 0,
        accessibilityFrame: rect(0, 0, w, h), frame: rect(0, 0, w, h),
        url: win.location.href, title: doc.title, subviews: [],
      };
      const ctx = {view: win, reg, ox: 0, oy: 0, focused: deepActive(doc)};
      const container = doc.body || doc.documentElement;
      if (container) forEachChild(container, (c) => { const n = buildNode(c, ctx, 0, 0, true, false); if (n) root.subviews.push(n); });
      return root;
    };

    const describeEl = (el) => {
      if (!el) return 'nothing';
      let label = '';
      try {
        const ctx = contextFor(el, registry());
        const node = ctx && buildNode(el, ctx, 0, 0, false, ariaDisabledAbove(el));
        label = (node && (node.accessibilityLabel || node.text)) || contentText(el);
      } catch (e) { label = ''; }
      label = collapse(label);
      return shortDesc(el) + (label ? " '" + truncate(label, 40) + "'" : '');
    };

    // ---- touches -----------------------------------------------------------------------------------------------
    // A native control made transparent to show a styled one in its place (the custom checkbox: an opacity-0
    // input over its label) is what a user clicks: its own opacity does not hide it from a touch, its
    // ancestors' does (a dialog still fading in cannot be touched through).
    const transparentControl = (el) => /^(input|select|textarea)$/.test(el.localName);
    const ancestorTransparent = (el) => {
      for (let n = el.parentElement; n; n = n.parentElement) {
        if (num(n.ownerDocument.defaultView.getComputedStyle(n).opacity, 1) < 0.01) return true;
      }
      return false;
    };
    const hiddenForTouch = (el) => {
      let e = el;
      for (let depth = 0; e && depth < 30; depth++) {
        if (depth === 0 && transparentControl(e) && typeof e.checkVisibility === 'function') {
          if (!e.checkVisibility({visibilityProperty: true}) || ancestorTransparent(e)) return true;
        } else if (typeof e.checkVisibility === 'function') {
          if (!e.checkVisibility({visibilityProperty: true, opacityProperty: true})) return true;
        } else {
          const cs = e.ownerDocument.defaultView.getComputedStyle(e);
          if (cs.display === 'none' || cs.visibility !== 'visible' || num(cs.opacity, 1) < 0.01) return true;
        }
        const view = e.ownerDocument.defaultView;
        if (!view || view === win) return false;
        try { e = view.frameElement; } catch (err) { return false; }
      }
      return false;
    };

    // The deepest element at a point of this window's viewport: through open shadow roots and same-origin frames.
    const deepHit = (x, y) => {
      let doc = win.document, px = x, py = y, hit = null;
      for (let depth = 0; depth < 30; depth++) {
        let h = doc.elementFromPoint(px, py);
        if (!h) break;
        for (let i = 0; h.shadowRoot && i < 30; i++) {
          const inner = h.shadowRoot.elementFromPoint(px, py);
          if (!inner || inner === h) break;
          h = inner;
        }
        hit = h;
        if (h.localName !== 'iframe' && h.localName !== 'frame') break;
        let cd = null;
        try { cd = h.contentDocument; } catch (e) { cd = null; }
        if (!cd) break;
        const r = h.getBoundingClientRect();
        const cs = doc.defaultView.getComputedStyle(h);
        px -= r.left + h.clientLeft + num(cs.paddingLeft, 0);
        py -= r.top + h.clientTop + num(cs.paddingTop, 0);
        doc = cd;
      }
      return hit;
    };

    // Does a touch on `hit` reach `el`? It does on el itself, anything inside it (flat tree, through frames),
    // and on a <label> for it.
    const reaches = (el, hit) => {
      let n = hit;
      for (let depth = 0; n && depth < 5000; depth++) {
        if (n === el) return true;
        if (n.localName === 'label' && n.control === el) return true;
        let next = n.assignedSlot || n.parentNode;
        if (next && next.nodeType === 11) next = next.host || null;
        if (next && next.nodeType === 9) {
          try { next = next.defaultView && next.defaultView !== win ? next.defaultView.frameElement : null; } catch (e) { next = null; }
        }
        n = next;
      }
      return false;
    };

    // What to name for the element on top: itself when it has an id, a class or a name, else the nearest
    // ancestor with an id or a class.
    const coverOf = (hit) => {
      if (hit.id || (hit.classList && hit.classList.length)) return hit;
      if (collapse(hit.getAttribute('aria-label')) || hit.localName === 'button' || hit.localName === 'a') return hit;
      for (let n = hit.parentElement; n && n.localName !== 'body' && n.localName !== 'html'; n = n.parentElement) {
        if (n.id || n.classList.length) return n;
      }
      return hit;
    };

    const prepareTouch = (uid) => {
      const el = elementOf(uid);
      if (!el) return fail('no such view (it left the page)');
      if (hiddenForTouch(el)) return fail('hidden');
      if (isDisabled(el)) return fail('disabled');
      const view = el.ownerDocument.defaultView;
      let off = frameOffset(view);
      let r = el.getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0) return fail('off screen');
      const W = win.innerWidth, H = win.innerHeight;
      const within = () => {
        const left = r.left + off.ox, top = r.top + off.oy;
        const cx = left + r.width / 2, cy = top + r.height / 2;
        const inFrame = r.left >= 0 && r.top >= 0 && r.right <= view.innerWidth && r.bottom <= view.innerHeight;
        const inTop = left >= 0 && top >= 0 && left + r.width <= W && top + r.height <= H;
        const fits = r.width <= Math.min(W, view.innerWidth) && r.height <= Math.min(H, view.innerHeight);
        const centreIn = cx >= 0 && cy >= 0 && cx < W && cy < H && r.left + r.width / 2 < view.innerWidth && r.top + r.height / 2 < view.innerHeight;
        return fits ? (inFrame && inTop) : centreIn;
      };
      let scrolled = false;
      const scrollToIt = () => {
        el.scrollIntoView({block: 'center', inline: 'center', behavior: 'instant'});
        scrolled = true;
        off = frameOffset(view);
        r = el.getBoundingClientRect();
      };
      if (!within()) scrollToIt();
      if (!off) return fail('no such view (it left the page)');
      for (let attempt = 0; attempt < 2; attempt++) {
        const x = Math.floor(off.ox + r.left + r.width / 2), y = Math.floor(off.oy + r.top + r.height / 2);
        if (x < 0 || y < 0 || x >= W || y >= H) {
          if (!scrolled) { scrollToIt(); if (!off) break; continue; }
          return fail('off screen');
        }
        const hit = deepHit(x, y);
        if (hit && reaches(el, hit)) return {ok: true, x, y};
        if (!scrolled) { scrollToIt(); if (!off) break; continue; } // clipped by a scrolled container?
        if (!hit) return fail('off screen');
        return fail('covered by ' + describeEl(coverOf(hit)));
      }
      return fail('no such view (it left the page)');
    };

    const focusableInside = (el) => {
      try {
        return el.querySelector('input:not([type=hidden]), textarea, select, [contenteditable]:not([contenteditable=false]), button, [tabindex]');
      } catch (e) { return null; }
    };

    const focus = (uid, replace) => {
      const el = elementOf(uid);
      if (!el) return fail('no such view (it left the page)');
      if (hiddenForTouch(el)) return fail('hidden');
      if (isDisabled(el)) return fail('disabled');
      const view = el.ownerDocument.defaultView;
      let target = el;
      const wasFocused = deepActive(win.document) === el;
      const tryFocus = (t) => {
        try { t.focus({preventScroll: true}); } catch (e) { /* not focusable */ }
        if (deepActive(win.document) === t) return true;
        try { if (view !== win) { view.focus(); t.focus({preventScroll: true}); } } catch (e) { /* no */ }
        return deepActive(win.document) === t;
      };
      if (!tryFocus(target)) {
        const inner = focusableInside(el);
        if (!inner || !tryFocus(inner)) return fail('not focusable');
        target = inner;
      }
      const tag = target.localName;
      if (tag === 'input' || tag === 'textarea') {
        if (replace) { try { target.select(); } catch (e) { /* not selectable */ } }
        else if (!wasFocused) {
          try { const n = target.value.length; target.setSelectionRange(n, n); } catch (e) { /* email, number: no ranges */ }
        }
      } else if (target.isContentEditable && (replace || !wasFocused)) {
        const sel = view.getSelection();
        const range = target.ownerDocument.createRange();
        range.selectNodeContents(target);
        if (!replace) range.collapse(false);
        sel.removeAllRanges();
        sel.addRange(range);
      }
      return {ok: true};
    };

    const setValue = (uid, v) => {
      const el = elementOf(uid);
      if (!el) return fail('no such view (it left the page)');
      if (isDisabled(el)) return fail('disabled');
      if (el.localName !== 'input' || el.type !== 'range') {
        return fail('not a range input (' + shortDesc(el) + '): drag its thumb instead');
      }
      const f = Number(v);
      if (!isFinite(f)) return fail('the value must be a number from 0 to 1');
      const view = el.ownerDocument.defaultView;
      const min = num(el.min, 0), max = num(el.max, 100);
      const raw = min + Math.min(1, Math.max(0, f)) * (max - min);
      const setter = Object.getOwnPropertyDescriptor(view.HTMLInputElement.prototype, 'value').set;
      setter.call(el, String(raw)); // past a framework's own value setter, so that its input listener sees the change
      el.dispatchEvent(new view.Event('input', {bubbles: true}));
      el.dispatchEvent(new view.Event('change', {bubbles: true}));
      const now = num(el.value, min);
      return {ok: true, value: max > min ? (now - min) / (max - min) : 0};
    };

    const scrollable = (e, vertical) => {
      const cs = e.ownerDocument.defaultView.getComputedStyle(e);
      const overflow = vertical ? cs.overflowY : cs.overflowX;
      if (overflow !== 'auto' && overflow !== 'scroll' && overflow !== 'overlay') return false;
      return vertical ? e.scrollHeight > e.clientHeight : e.scrollWidth > e.clientWidth;
    };

    const scroll = (uid, where) => {
      const el = elementOf(uid);
      if (!el) return fail('no such view (it left the page)');
      const w = String(where).toLowerCase();
      if (w !== 'top' && w !== 'bottom' && w !== 'left' && w !== 'right') {
        return fail("scroll takes top, bottom, left or right, not '" + where + "'");
      }
      const vertical = w === 'top' || w === 'bottom';
      let target = null;
      for (let n = el, depth = 0; n && depth < 1000; depth++) {
        if (n.nodeType === 1 && n.localName !== 'body' && n.localName !== 'html' && scrollable(n, vertical)) { target = n; break; }
        let next = n.assignedSlot || n.parentNode;
        if (next && next.nodeType === 11) next = next.host || null;
        if (next && next.nodeType === 9) break;
        n = next;
      }
      if (!target) target = el.ownerDocument.scrollingElement || el.ownerDocument.documentElement;
      const options = {behavior: 'instant'};
      if (w === 'top') options.top = 0;
      else if (w === 'bottom') options.top = target.scrollHeight;
      else if (w === 'left') options.left = 0;
      else options.left = target.scrollWidth;
      target.scrollTo(options);
      return {ok: true, scrolled: shortDesc(target)};
    };

    // ---- idle ----------------------------------------------------------------------------------------------
    const animationWhat = (a) => {
      const effect = a.effect;
      const target = effect && effect.target;
      const on = target ? ' on ' + shortDesc(target) + (effect.pseudoElement || '') : '';
      if (typeof a.animationName === 'string') return 'CSS animation ' + a.animationName + on;
      if (typeof a.transitionProperty === 'string') return 'CSS transition ' + a.transitionProperty + on;
      return 'animation' + (a.id ? ' ' + a.id : '') + on;
    };

    const ownBusy = (quietMs, out) => {
      ensureObserver();
      const t = now();
      const doc = win.document;
      if (doc.readyState !== 'complete') out.push({kind: 'document', what: 'document loading', ms: Math.round(t)});
      for (const request of inflight.values()) out.push({kind: 'network', what: request.what, ms: Math.round(t - request.start)});
      let animations = [];
      try { animations = typeof doc.getAnimations === 'function' ? doc.getAnimations() : []; } catch (e) { animations = []; }
      for (const a of animations) {
        if (a.playState !== 'running') continue;
        const item = {kind: 'animation', what: animationWhat(a), ms: Math.round(num(a.currentTime, 0))};
        try {
          const timing = a.effect.getComputedTiming();
          if (isFinite(timing.endTime) && timing.localTime !== null) {
            item.remaining_ms = Math.max(0, Math.round((timing.endTime - timing.localTime) / (Math.abs(a.playbackRate) || 1)));
          }
        } catch (e) { /* no timing */ }
        out.push(item);
      }
      if (observer) { try { if (observer.takeRecords().length) lastMutation = t; } catch (e) { /* none */ } }
      const since = t - lastMutation;
      if (quietMs > 0 && since < quietMs) {
        out.push({kind: 'dom', what: 'DOM changed ' + Math.round(since) + ' ms ago', ms: Math.round(since)});
      }
    };

    const busyInto = (quietMs, out) => {
      ownBusy(quietMs, out);
      const frames = win.frames;
      const count = frames.length;
      for (let i = 0; i < count; i++) {
        let f, ff;
        try {
          f = frames[i];
          void f.document; // throws for a cross-origin frame
          ff = f.__fscript;
          if (!ff) { install(f, config); ff = f.__fscript; }
        } catch (e) { continue; }
        if (!ff || typeof ff._busyInto !== 'function') continue;
        const sub = [];
        try { ff._busyInto(quietMs, sub); } catch (e) { continue; }
        let where = 'iframe';
        try { if (f.frameElement) where = shortDesc(f.frameElement); } catch (e) { /* keep iframe */ }
        for (const item of sub) { item.frame = item.frame ? where + ' > ' + item.frame : where; out.push(item); }
      }
    };

    const idle = (quietMs) => {
      const q = Number(quietMs) > 0 ? Number(quietMs) : 0;
      const busy = [];
      busyInto(q, busy);
      return {idle: busy.length === 0, busy};
    };

    // ---- the API -------------------------------------------------------------------------------------------
    const guard = (fn, onError) => function () {
      try { return fn.apply(null, arguments); } catch (e) { return onError(e); }
    };
    const internal = (e) => fail('internal error in the page script: ' + ((e && e.message) || e));
    Object.assign(fs, {
      idle: guard(idle, (e) => ({idle: false, busy: [{kind: 'error', what: internal(e).reason, ms: 0}]})),
      tree: guard(tree, internal),
      element: guard(elementOf, () => null),
      prepareTouch: guard(prepareTouch, internal),
      focus: guard(focus, internal),
      describe: guard((uid) => {
        const el = elementOf(uid);
        return el ? describeEl(el) : String(uid) + ' (no longer on the page)';
      }, (e) => String(e)),
      setValue: guard(setValue, internal),
      scroll: guard(scroll, internal),
      _reg: ownRegistry,
      _busyInto: busyInto,
      _ensure: ensureObserver,
    });
    try {
      Object.defineProperty(win, '__fscript', {value: fs, writable: false, configurable: true, enumerable: false});
    } catch (e) { /* a page that froze its window */ }
    // A late install reaches the same-origin frames already there (a preload is in them already: no-op);
    // idle() installs into frames added later.
    try {
      for (let i = 0; i < win.frames.length; i++) {
        try { const f = win.frames[i]; void f.document; install(f, config); } catch (e) { /* cross-origin */ }
      }
    } catch (e) { /* no frames */ }
  };
  fscriptInstall(window, null);
}
