// nvmove report: sortable, filterable, paged tables built from the page's JSON island.
// Rows are made with createElement/textContent only, so no data is ever parsed as HTML.
(function () {
  'use strict';
  // The call graph opens on the first load function (dot draws it first), not on empty space.
  var graph = document.getElementById('callgraph');
  var first = graph && graph.querySelector('g.node');
  if (first) {
    var box = first.getBoundingClientRect(), frame = graph.getBoundingClientRect();
    graph.scrollTop = Math.max(0, box.top - frame.top - graph.clientHeight / 2);
  }
  var island = document.getElementById('report-data');
  if (!island) return;
  var data = JSON.parse(island.textContent);
  var PAGE = 100;
  var STATUS = { 'both': 'both runs', 'only-a': 'this run only', 'only-b': 'other run only' };

  Object.keys(data.tables || {}).forEach(function (id) {
    var table = document.querySelector('table[data-table="' + id + '"]');
    if (table) setup(id, table, data.tables[id]);
  });

  function text(v) { return v === undefined || v === null ? '' : String(v); }

  function compare(a, b) {
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return text(a).localeCompare(text(b), undefined, { numeric: true, sensitivity: 'base' });
  }

  function setup(id, table, spec) {
    var state = { sort: spec.sort || '', dir: 1, page: 0, words: [], facets: {} };
    var filter = document.querySelector('[data-filter-for="' + id + '"]');
    var facets = document.querySelectorAll('[data-facet-for="' + id + '"]');
    var pager = document.querySelector('[data-pager-for="' + id + '"]');
    var shown = document.querySelector('[data-shown-for="' + id + '"]');
    spec.rows.forEach(function (r) {
      r._text = Object.keys(r).map(function (k) { return text(r[k]); }).join(' ').toLowerCase();
    });

    var thead = table.createTHead();
    var head = thead.insertRow();
    spec.columns.forEach(function (c) {
      var th = document.createElement('th');
      th.textContent = c.label;
      th.dataset.key = c.key;
      th.title = 'sort by ' + c.label;
      th.addEventListener('click', function () {
        var key = c.sort || c.key;
        state.dir = state.sort === key ? -state.dir : 1;
        state.sort = key;
        state.page = 0;
        render();
      });
      head.appendChild(th);
    });
    var tbody = table.createTBody();

    if (filter) filter.addEventListener('input', function () {
      state.words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
      state.page = 0;
      render();
    });
    Array.prototype.forEach.call(facets, function (sel) {
      sel.addEventListener('change', function () {
        state.facets[sel.dataset.key] = sel.value;
        state.page = 0;
        render();
      });
    });

    function visible() {
      var rows = spec.rows.filter(function (r) {
        for (var k in state.facets)
          if (state.facets[k] && text(r[k]) !== state.facets[k]) return false;
        return state.words.every(function (w) { return r._text.indexOf(w) >= 0; });
      });
      if (state.sort) {
        var key = state.sort;
        rows.sort(function (a, b) {
          return state.dir * compare(a[key], b[key]) || compare(a.name, b.name);
        });
      }
      return rows;
    }

    function cell(tr, c, r) {
      var td = tr.insertCell();
      var v = text(r[c.key]);
      if (c.type === 'num') td.className = 'num';
      if (c.key === 'fields') { td.className = 'fields'; td.title = v; }
      if (['reason', 'kind', 'defined_at', 'status'].indexOf(c.key) >= 0) td.className = 'nowrap';
      if (c.type === 'hint' && r.hint) {
        var b = document.createElement('span');
        b.className = 'badge hint-' + r.hint;
        b.textContent = v;
        b.title = text(r.hint_reason);
        td.appendChild(b);
        return;
      }
      if (c.type === 'status') {
        td.className = 'nowrap status-' + v;
        td.textContent = STATUS[v] || v;
        return;
      }
      if (c.href && r[c.href]) {
        var a = document.createElement('a');
        a.href = r[c.href];
        a.textContent = v;
        td.appendChild(a);
        return;
      }
      td.textContent = v;
    }

    function render() {
      var rows = visible();
      var pages = Math.max(1, Math.ceil(rows.length / PAGE));
      state.page = Math.min(state.page, pages - 1);
      var start = state.page * PAGE, slice = rows.slice(start, start + PAGE);
      tbody.textContent = '';
      slice.forEach(function (r) {
        var tr = tbody.insertRow();
        if (r.hint) tr.className = 'row-' + r.hint;
        spec.columns.forEach(function (c) { cell(tr, c, r); });
      });
      Array.prototype.forEach.call(head.cells, function (th) {
        var col = spec.columns[th.cellIndex], key = col.sort || col.key;
        if (key === state.sort) th.setAttribute('aria-sort', state.dir > 0 ? 'ascending' : 'descending');
        else th.removeAttribute('aria-sort');
      });
      if (shown) shown.textContent = rows.length === spec.rows.length
        ? rows.length + ' rows' : rows.length + ' of ' + spec.rows.length + ' rows';
      if (pager) renderPager(pages, rows.length, start, slice.length);
    }

    function renderPager(pages, total, start, count) {
      pager.textContent = '';
      if (pages < 2) return;
      var prev = document.createElement('button'), next = document.createElement('button');
      prev.textContent = '\u2039 previous';
      next.textContent = 'next \u203a';
      prev.disabled = state.page === 0;
      next.disabled = state.page >= pages - 1;
      prev.onclick = function () { state.page--; render(); };
      next.onclick = function () { state.page++; render(); };
      var info = document.createElement('span');
      info.className = 'page-info';
      info.textContent = (start + 1) + '\u2013' + (start + count) + ' of ' + total +
        ' (page ' + (state.page + 1) + ' of ' + pages + ')';
      pager.appendChild(prev);
      pager.appendChild(info);
      pager.appendChild(next);
    }

    render();
  }
})();
