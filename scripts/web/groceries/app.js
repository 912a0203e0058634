// A small shopping list: the example web app fscript's web target is shown on (README, scripts/web/groceries).
// Items load from the backend (https://api.groceries.example unless the page is told otherwise), so a test can
// give it a mock backend; removing an item asks for confirmation with the browser's own confirm().
(function () {
  'use strict';
  var API = (window.fscriptEnv && window.fscriptEnv.GROCERIES_API) || 'https://api.groceries.example';
  var items = [];
  var list = document.getElementById('items');
  var left = document.getElementById('left');
  var status = document.getElementById('status');
  var loading = document.getElementById('loading');
  var input = document.getElementById('new-item');
  var clear = document.getElementById('clear');

  function render(added) {
    list.textContent = '';
    items.forEach(function (item, index) {
      var li = document.createElement('li');
      if (item.done) li.className = 'done';
      if (index === added) li.classList.add('added');
      var box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = item.done;
      box.setAttribute('aria-label', 'Bought ' + item.name);
      box.addEventListener('change', function () { item.done = box.checked; render(); });
      var name = document.createElement('span');
      name.textContent = item.name;
      var remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = 'Remove';
      remove.setAttribute('aria-label', 'Remove ' + item.name);
      remove.addEventListener('click', function () {
        if (window.confirm('Remove ' + item.name + '?')) {
          items.splice(items.indexOf(item), 1);
          render();
        }
      });
      li.append(box, name, remove);
      list.appendChild(li);
    });
    var open = items.filter(function (item) { return !item.done; }).length;
    left.textContent = open === 1 ? '1 item left' : open + ' items left';
    clear.disabled = items.every(function (item) { return !item.done; });
  }

  document.getElementById('add-form').addEventListener('submit', function (event) {
    event.preventDefault();
    var name = input.value.trim();
    if (!name) { status.textContent = 'Type an item first'; return; }
    status.textContent = '';
    items.push({ name: name, done: false });
    input.value = '';
    render(items.length - 1);
  });
  document.getElementById('hide-done').addEventListener('change', function (event) {
    list.parentElement.classList.toggle('hide-done', event.target.checked);
  });
  clear.addEventListener('click', function () {
    items = items.filter(function (item) { return !item.done; });
    render();
  });

  // For tests that set the list up directly: app:app_exec("groceriesReset", {"Milk"}).
  window.groceriesReset = function (names) {
    items = (names || []).map(function (name) { return { name: name, done: false }; });
    render();
    return items.length;
  };

  loading.hidden = false;
  fetch(API + '/api/items')
    .then(function (response) {
      if (!response.ok) throw new Error('HTTP ' + response.status);
      return response.json();
    })
    .then(function (loaded) {
      items = loaded.map(function (name) { return { name: String(name), done: false }; });
      status.textContent = '';
    })
    .catch(function () { status.textContent = 'Offline: your list starts empty'; })
    .then(function () { loading.hidden = true; render(); });
})();
