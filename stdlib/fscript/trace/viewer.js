(function () {
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function seconds(s) { return (s || 0).toFixed(2) + ' s'; }
  var current = null;
  function Trace(root) {
    var data = JSON.parse(root.querySelector('script.fs-trace-data').textContent);
    var trace = data.trace, steps = trace.steps || [], self = this;
    this.data = data; this.steps = steps; this.index = -1; this.items = []; this.blocks = [];
    var head = el('div', 'fs-head');
    head.appendChild(el('b', null, trace.scenario));
    head.appendChild(el('span', null, ' \u2014 ' + trace.status + ', ' + steps.length
      + (steps.length === 1 ? ' step, ' : ' steps, ') + seconds(trace.duration)));
    root.appendChild(head);
    // A scenario that failed outside any step (a plain Lua check such as server:verify) has no failed step to
    // show its error on: it goes under the header, in a step's error style, or the page would show only passes.
    var stepFailed = steps.some(function (s) { return s.status === 'failed'; });
    if (trace.error && !stepFailed) root.appendChild(el('pre', 'fs-error fs-case-error', trace.error));
    var bar = el('div', 'fs-bar'), total = 0;
    steps.forEach(function (s) { if (s.depth === 0) total += s.duration || 0; });
    var list = el('ol', 'fs-steps');
    steps.forEach(function (s, i) {
      var text = s.kind === 'action' ? s.text : ((s.keyword ? s.keyword + ' ' : '') + s.text);
      var li = el('li', (s.status === 'failed' ? 'failed ' : '') + s.kind);
      li.style.paddingLeft = (8 + 14 * (s.depth || 0)) + 'px';
      li.appendChild(el('span', 'fs-t', '+' + seconds(s.start)));
      li.appendChild(document.createTextNode(text));
      li.setAttribute('data-index', i);
      li.addEventListener('click', function () { self.select(i); });
      list.appendChild(li);
      self.items.push(li);
      var block = el('span', s.status === 'failed' ? 'failed' : '');
      block.title = text;
      block.style.flex = String(s.depth === 0 && total > 0 ? Math.max(s.duration || 0, total / 200) : 0.0001);
      if (s.depth !== 0) block.style.display = 'none';
      block.addEventListener('click', function () { self.select(i); });
      bar.appendChild(block);
      self.blocks.push(block);
    });
    root.appendChild(bar);
    var body = el('div', 'fs-body');
    body.appendChild(list);
    this.detail = el('div', 'fs-detail');
    body.appendChild(this.detail);
    root.appendChild(body);
    root.tabIndex = 0;
    root.addEventListener('focus', function () { current = self; });
    var failed = -1;
    steps.forEach(function (s, i) { if (s.status === 'failed' && failed < 0 && !hasFailedChild(i)) failed = i; });
    function hasFailedChild(i) {
      for (var j = i + 1; j < steps.length && steps[j].depth > steps[i].depth; j++) {
        if (steps[j].status === 'failed') return true;
      }
      return false;
    }
    // Opening on the failed step scrolls the step list only, never the page: a report with a trace opens at
    // its top (it scrolled to the middle, and a headless screenshot of it came out blank).
    if (steps.length) this.select(failed >= 0 ? failed : 0, true);
  }
  Trace.prototype.picture = function (title, snap, frames) {
    var fig = el('figure', 'fs-' + title.toLowerCase());
    fig.appendChild(el('figcaption', null, title));
    var pictures = this.data.pictures || [];
    if (!snap || !snap.picture || !pictures[snap.picture - 1]) {
      fig.appendChild(el('div', 'fs-shot fs-none', 'no picture (the app was not in use yet)'));
      return fig;
    }
    var shot = el('div', 'fs-shot');
    var img = el('img');
    img.alt = title + ' the step';
    img.src = 'data:image/png;base64,' + pictures[snap.picture - 1];
    shot.appendChild(img);
    var screen = snap.screen;
    frames.forEach(function (f) {
      if (!screen || !f) return;
      var box = el('div', 'fs-outline');
      box.style.left = (100 * f.x / screen.w) + '%';
      box.style.top = (100 * f.y / screen.h) + '%';
      box.style.width = (100 * f.width / screen.w) + '%';
      box.style.height = (100 * f.height / screen.h) + '%';
      shot.appendChild(box);
    });
    fig.appendChild(shot);
    return fig;
  };
  function treeText(node, depth, lines) {
    if (!node) return lines;
    var bits = [node['class']];
    if (node.label) bits.push('label=' + JSON.stringify(node.label));
    if (node.text) bits.push('text=' + JSON.stringify(node.text));
    if (node.frame) bits.push('(' + [node.frame.x, node.frame.y, node.frame.w, node.frame.h].join(', ') + ')');
    lines.push(new Array(depth + 1).join('  ') + bits.join(' '));
    (node.children || []).forEach(function (c) { treeText(c, depth + 1, lines); });
    return lines;
  }
  // Scrolls the step list (when it scrolls) so that `item` shows, leaving the page where it is.
  function reveal(item) {
    var list = item.parentNode;
    if (!list || list.scrollHeight <= list.clientHeight) return;
    var top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + item.offsetHeight - list.clientHeight;
    }
  }
  Trace.prototype.select = function (i, opening) {
    if (i < 0 || i >= this.steps.length) return;
    if (this.index >= 0) {
      this.items[this.index].classList.remove('current');
      this.blocks[this.index].classList.remove('current');
    }
    this.index = i;
    current = this;
    var s = this.steps[i], d = this.detail;
    this.items[i].classList.add('current');
    this.blocks[i].classList.add('current');
    if (opening) reveal(this.items[i]); else this.items[i].scrollIntoView({ block: 'nearest' });
    d.textContent = '';
    d.appendChild(el('h3', 'fs-title', s.kind === 'action' ? s.text : ((s.keyword ? s.keyword + ' ' : '') + s.text)));
    d.appendChild(el('div', 'fs-meta', (s.where ? s.where + ' \u2014 ' : '') + 'started +' + seconds(s.start)
      + ', took ' + seconds(s.duration) + ', ' + s.status));
    if (s.error) d.appendChild(el('pre', 'fs-error', s.error));
    var frames = (s.actions || []).map(function (a) { return a.frame; }).filter(function (f) { return !!f; });
    var pics = el('div', 'fs-pictures');
    pics.appendChild(this.picture('Before', s.before, frames));
    // The acted-on view is outlined where it was when the step acted: in the picture before it.
    pics.appendChild(this.picture('After', s.after, []));
    d.appendChild(pics);
    if ((s.actions || []).length) {
      d.appendChild(el('h4', null, 'Actions'));
      var ul = el('ul', 'fs-actions');
      s.actions.forEach(function (a) {
        ul.appendChild(el('li', null, 'app:' + a.action + '(' + (a.selector || a.text || '') + ')'
          + (a.duration !== undefined ? ' ' + seconds(a.duration) : '') + (a.error ? ' \u2014 ' + a.error : '')));
      });
      d.appendChild(ul);
    }
    d.appendChild(el('h4', null, 'Requests to the mocks (' + (s.requests || []).length + ')'));
    if ((s.requests || []).length) {
      var table = el('table', 'fs-requests');
      var row = el('tr');
      ['Method', 'Path', 'Status', 'Answered by', 'Body'].forEach(function (h) { row.appendChild(el('th', null, h)); });
      table.appendChild(row);
      s.requests.forEach(function (r) {
        var tr = el('tr', 'fs-request');
        tr.appendChild(el('td', null, r.method));
        tr.appendChild(el('td', null, r.path));
        tr.appendChild(el('td', null, r.status));
        tr.appendChild(el('td', null, r.stub || ('no stub' + (r.near_miss ? ': ' + r.near_miss : ''))));
        var body = el('td');
        if (r.body) body.appendChild(el('pre', null, r.body));
        tr.appendChild(body);
        table.appendChild(tr);
      });
      d.appendChild(table);
    }
    if ((s.busy || []).length) {
      d.appendChild(el('h4', null, 'Busy while it waited'));
      d.appendChild(el('pre', 'fs-busy', s.busy.map(function (b) { return b.join('; '); }).join('\n')));
    }
    if ((s.output || []).length) {
      d.appendChild(el('h4', null, 'Output'));
      d.appendChild(el('pre', 'fs-output', s.output.join('\n')));
    }
    var snap = s.after || s.before, trees = this.data.trees || [];
    if (snap && snap.tree && trees[snap.tree - 1]) {
      var details = el('details', 'fs-tree');
      details.appendChild(el('summary', null, 'View tree after the step'));
      details.appendChild(el('pre', null, treeText(trees[snap.tree - 1], 0, []).join('\n')));
      d.appendChild(details);
    }
  };
  var all = Array.prototype.slice.call(document.querySelectorAll('.fs-trace')).map(function (root) {
    return new Trace(root);
  });
  current = all[0] || null;
  document.addEventListener('keydown', function (e) {
    if (!current || e.target.tagName === 'INPUT') return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') { current.select(current.index + 1); e.preventDefault(); }
    if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') { current.select(current.index - 1); e.preventDefault(); }
  });
})();
