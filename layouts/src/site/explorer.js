// The layout explorer's behaviour. Every placement and summation order comes from the data block
// that `wmmasim layout --site` writes (OperandView and the numerics models); this script only
// draws, links, compares and explains that data and has no layout rule of its own.
(function () {
  'use strict';
  var DATA = JSON.parse(document.getElementById('wmmasim-data').textContent);
  var B = DATA.builtins, L = DATA.layouts;
  var OPS = ['A', 'B', 'C', 'D', 'index'];
  var COMPARE = { none: 'no comparison', arch: 'RDNA4 \u2194 RDNA3', wave: 'wave32 \u2194 wave64', lab: 'isa \u2194 contig16' };
  var state = { b: 0, op: 'A', lab: 'isa', cmp: 'none', view: 'layout', sel: null };
  var listOrder = [];  // builtin indices in the order the chooser shows them (after the search filter)

  function $(id) { return document.getElementById(id); }
  function esc(s) {
    return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  }
  function findBuiltin(name) {
    for (var i = 0; i !== B.length; ++i) if (B[i].name === name || B[i].full === name) return i;
    return -1;
  }

  // ---- the data: operand layouts and their places ----------------------------------------------
  function operandOf(b, op) {
    var ops = B[b].operands;
    for (var i = 0; i !== ops.length; ++i) if (ops[i].op === op) return ops[i];
    return null;
  }
  function layoutOf(b, op, lab) {
    var o = operandOf(b, op);
    if (!o) return null;
    return L[lab === 'contig16' && o.contig16 !== undefined ? o.contig16 : o.isa];
  }
  // Places are packed as lane | vgpr << 6 | bit_lo << 11 (site_data.cpp).
  function unpack(p, bits) {
    var lo = p >> 11;
    return { lane: p & 63, vgpr: (p >> 6) & 31, lo: lo, hi: lo + bits - 1 };
  }
  function elementIndex(l, r, c, k) { return (r * l.cols + c) * l.keys + k; }
  function placesOf(l, r, c, k) {
    var out = [], at = elementIndex(l, r, c, k) * l.copies;
    for (var i = 0; i !== l.copies; ++i) out.push(unpack(l.p[at + i], l.bits));
    return out;
  }
  function slotIndex(l) {  // "vgpr:lo" -> register-table column
    if (!l.slotAt) {
      l.slotAt = {};
      for (var s = 0; s !== l.slots.length; ++s) l.slotAt[l.slots[s][0] + ':' + l.slots[s][1]] = s;
    }
    return l.slotAt;
  }
  function registerCells(l) {  // [lane][slot] -> element {r,c,k} or undefined (not read)
    if (l.cells) return l.cells;
    var cells = [], at = slotIndex(l);
    for (var lane = 0; lane !== l.lanes; ++lane) cells.push(new Array(l.slots.length));
    for (var r = 0; r !== l.rows; ++r)
      for (var c = 0; c !== l.cols; ++c)
        for (var k = 0; k !== l.keys; ++k) {
          var ps = placesOf(l, r, c, k);
          for (var i = 0; i !== ps.length; ++i) cells[ps[i].lane][at[ps[i].vgpr + ':' + ps[i].lo]] = { r: r, c: c, k: k };
        }
    l.cells = cells;
    return cells;
  }
  function placeText(p) { return 'lane ' + p.lane + ', v' + p.vgpr + ', bits [' + p.hi + ':' + p.lo + ']'; }
  function placesText(ps) { return ps.map(placeText).join(' | '); }
  function elementName(o, l, r, c, k) {
    return o.symbol + '[' + r + '][' + c + ']' + (o.op === 'index' && l.keys > 1 ? ' key ' + k : '');
  }

  // ---- the chooser --------------------------------------------------------------------------------
  function groupName(b) {
    var x = B[b];
    var arch = x.arch === 'gfx12' ? 'RDNA4 (gfx12)' : 'RDNA3 (gfx11)';
    var fam = x.family === 'wmma' ? 'WMMA' : x.family === 'swmmac' ? 'SWMMAC' : 'global_load_tr';
    return arch + ' \u00b7 ' + fam + ' \u00b7 wave' + x.wave;
  }
  function typesText(x) {
    if (x.family === 'load_tr') return x.cd + ' elements';
    return x.a + (x.a !== x.b ? '\u00d7' + x.b : '') + '\u2192' + x.cd + ' K' + x.k;
  }
  function filterChecked(name) { var e = $('f-' + name); return !e || e.checked; }
  function matches(b, words) {
    var x = B[b];
    if (!filterChecked(x.arch) || !filterChecked('w' + x.wave) || !filterChecked(x.family)) return false;
    var type = $('f-type').value;
    if (type && x.a !== type && x.b !== type) return false;
    var hay = (x.full + ' ' + x.mnemonic + ' ' + typesText(x) + ' ' + groupName(b)).toLowerCase();
    for (var i = 0; i !== words.length; ++i) if (hay.indexOf(words[i]) < 0) return false;
    return true;
  }
  function buildFilters() {
    var html = '';
    [['gfx12', 'RDNA4'], ['gfx11', 'RDNA3'], ['w32', 'wave32'], ['w64', 'wave64'], ['wmma', 'WMMA'],
     ['swmmac', 'SWMMAC'], ['load_tr', 'load_tr']].forEach(function (f) {
      html += '<label><input type="checkbox" id="f-' + f[0] + '" checked> ' + f[1] + '</label>';
    });
    var types = [];  // the input formats, in table order
    B.forEach(function (x) { [x.a, x.b].forEach(function (t) { if (types.indexOf(t) < 0) types.push(t); }); });
    html += '<label>types <select id="f-type" aria-label="input type"><option value="">all</option>' +
            types.map(function (t) { return '<option>' + esc(t) + '</option>'; }).join('') + '</select></label>';
    $('filters').innerHTML = html;
    $('filters').addEventListener('change', renderList);
  }
  function renderList() {
    var words = $('search').value.toLowerCase().split(/\s+/).filter(function (w) { return w; });
    var html = '', last = '';
    listOrder = [];
    // The instruction table's order already groups by arch, family and wave size.
    B.forEach(function (x, b) {
      if (!matches(b, words)) return;
      var g = groupName(b);
      if (g !== last) { html += '<div class="group">' + esc(g) + '</div>'; last = g; }
      listOrder.push(b);
      html += '<button role="option" data-b="' + b + '"' + (b === state.b ? ' class="current" aria-selected="true"' : '') +
              ' title="' + esc(B[b].full + ' (' + B[b].mnemonic + ')') + '">' + esc(B[b].name) +
              ' <span class="types">' + esc(typesText(B[b])) + '</span></button>';
    });
    if (!listOrder.length) html = '<p class="note">No builtin matches.</p>';
    $('list').innerHTML = html;
  }

  // ---- drawing one operand: the matrix and the register file ------------------------------------
  function lanesText(ps) {
    return 'L' + ps.map(function (p) { return p.lane; }).join(',');
  }
  function matrixHtml(o, l, k, marks) {
    var showBits = l.bits < 32, h = '<table class="matrix"><tr><th></th>';
    for (var c = 0; c !== l.cols; ++c) h += '<th>' + c + '</th>';
    h += '</tr>';
    for (var r = 0; r !== l.rows; ++r) {
      h += '<tr><th>' + r + '</th>';
      for (c = 0; c !== l.cols; ++c) {
        var ps = placesOf(l, r, c, k), p = ps[0];
        var cls = 'g' + (p.lane >> 4) + (marks && marks.matrix[elementIndex(l, r, c, k)] ? ' diff' : '');
        h += '<td class="' + cls + '" data-e="' + r + ':' + c + ':' + k + '" data-places="' +
             ps.map(function (q) { return q.lane + ':' + q.vgpr + ':' + q.lo + ':' + q.hi; }).join(' ') + '">' + lanesText(ps) + '<br>v' + p.vgpr +
             (showBits ? '<br>' + p.hi + ':' + p.lo : '') + '</td>';
      }
      h += '</tr>';
    }
    return h + '</table>';
  }
  function registersHtml(o, l, marks) {
    var cells = registerCells(l), h = '<table class="regs"><tr><th>lane</th>';
    for (var s = 0; s !== l.slots.length; ++s) h += '<th>' + esc(l.slots[s][2]) + '</th>';
    h += '</tr>';
    for (var lane = 0; lane !== l.lanes; ++lane) {
      h += '<tr><th>' + lane + '</th>';
      for (s = 0; s !== l.slots.length; ++s) {
        var e = cells[lane][s];
        if (!e) { h += '<td class="unread" data-lane="' + lane + '" data-slot="' + s + '">-</td>'; continue; }
        var cls = 'g' + (lane >> 4) + (marks && marks.regs[lane * l.slots.length + s] ? ' diff' : '');
        h += '<td class="' + cls + '" data-e="' + e.r + ':' + e.c + ':' + e.k + '" data-lane="' + lane + '" data-slot="' + s +
             '">' + e.r + ',' + e.c + '</td>';
      }
      h += '</tr>';
    }
    return h + '</table>';
  }
  function legendHtml(l, withDiff) {
    var h = '<div class="legend">';
    for (var g = 0; g * 16 < l.lanes; ++g)
      h += '<span><span class="sw g' + g + '"></span>lanes ' + 16 * g + '\u2013' + (16 * g + 15) + '</span>';
    if (withDiff) h += '<span><span class="sw diff"></span>differs in the other view</span>';
    return h + '</div>';
  }
  function panelHtml(id, b, op, lab, marks) {
    var x = B[b], o = operandOf(b, op), l = layoutOf(b, op, lab);
    var head = '<h2>' + esc(x.full) + '</h2><p class="note">' + esc(x.mnemonic + ', ' + (x.arch === 'gfx12' ? 'RDNA4 ' : 'RDNA3 ') +
               x.arch + ', wave' + x.wave + (x.family === 'load_tr' ? '' : ', ' + x.m + '\u00d7' + x.n + '\u00d7' + x.k)) + '</p>';
    if (x.unavailable) return '<div class="panel" id="' + id + '">' + head + '<p class="unavailable">' + esc(x.unavailable) + '</p></div>';
    if (!o) return '<div class="panel" id="' + id + '">' + head + '<p class="unavailable">' + esc(x.full + ' has no operand ' + op + '.') + '</p></div>';
    var labName = lab === 'contig16' && o.contig16_name ? o.contig16_name : 'isa';
    var h = '<div class="panel" id="' + id + '" data-b="' + b + '" data-op="' + op + '" data-lab="' + lab + '">' + head +
            '<h3>' + esc(op + ': ' + l.rows + '\u00d7' + l.cols + ' ' + o.format + ', ' + l.vgprs + ' VGPR' + (l.vgprs > 1 ? 's' : '')) +
            '</h3><p class="note">' + esc('rows: ' + o.row_axis + '; columns: ' + o.col_axis + '; K labels ' + labName +
            '; evidence ' + o.evidence) + '</p>' + legendHtml(l, !!marks) + '<div class="pair">';
    for (var k = 0; k !== l.keys; ++k)
      h += '<div>' + (l.keys > 1 ? '<div class="note">index set ' + k + '</div>' : '') + matrixHtml(o, l, k, marks) + '</div>';
    return h + '<div>' + registersHtml(o, l, marks) + '</div></div></div>';
  }

  // ---- compare mode -------------------------------------------------------------------------------
  function otherSide() {  // {b, lab} of the right-hand view, or a sentence why there is none
    var x = B[state.b];
    if (state.cmp === 'arch') {
      if (x.counterpart < 0) return x.full + ' has no ' + (x.arch === 'gfx12' ? 'RDNA3' : 'RDNA4') + ' counterpart with the same mnemonic and wave size.';
      return { b: x.counterpart, lab: state.lab };
    }
    if (state.cmp === 'wave') {
      if (x.other_wave < 0) return x.full + ' has no wave' + (x.wave === 32 ? 64 : 32) + ' counterpart.';
      return { b: x.other_wave, lab: state.lab };
    }
    if (state.cmp === 'lab') {
      if (x.family !== 'wmma') return 'contig16 applies to dense WMMA only: SWMMAC index fields and global_load_tr use physical K.';
      return { b: state.b, lab: state.lab === 'isa' ? 'contig16' : 'isa' };
    }
    return null;
  }
  function sameLayout(b, op) { return operandOf(b, op) && !B[b].unavailable; }
  // Marks the matrix cells whose places differ and the register slots whose element differs.
  function differences(l, m) {
    var marks = { matrix: [], regs: [] }, n = 0;
    var sameShape = l.rows === m.rows && l.cols === m.cols && l.keys === m.keys;
    for (var r = 0; r !== l.rows; ++r)
      for (var c = 0; c !== l.cols; ++c)
        for (var k = 0; k !== l.keys; ++k) {
          var e = elementIndex(l, r, c, k), differ = !sameShape || r >= m.rows || c >= m.cols || k >= m.keys;
          if (!differ) {
            var ps = placesOf(l, r, c, k), qs = placesOf(m, r, c, k);
            differ = placesText(ps) !== placesText(qs);
          }
          if (differ) { marks.matrix[e] = true; ++n; }
        }
    var lc = registerCells(l), mc = registerCells(m), ma = slotIndex(m);
    for (var lane = 0; lane !== l.lanes; ++lane)
      for (var s = 0; s !== l.slots.length; ++s) {
        var here = lc[lane][s], ms = ma[l.slots[s][0] + ':' + l.slots[s][1]];
        var there = lane < m.lanes && ms !== undefined ? mc[lane][ms] : undefined;
        var same = (!here && !there) || (here && there && here.r === there.r && here.c === there.c && here.k === there.k);
        if (!same) marks.regs[lane * l.slots.length + s] = true;
      }
    marks.count = n;
    return marks;
  }

  // ---- how D[i][j] is computed --------------------------------------------------------------------
  function stepClass(s) { return 's' + (s % 4); }
  function computeHtml() {
    var x = B[state.b], m = x.model;
    if (!m) return '<p class="unavailable">' + esc(x.full + ' is a load, not an arithmetic instruction: there is no D[i][j] to compute.') + '</p>';
    if (x.unavailable) return '<p class="unavailable">' + esc(x.unavailable) + '</p>';
    var sel = state.sel && state.sel.r < x.m && state.sel.c < x.n ? state.sel : { r: 0, c: 0, k: 0 };
    var i = sel.r, j = sel.c, sparse = x.family === 'swmmac';
    var lab = sparse ? 'isa' : state.lab;
    var la = layoutOf(state.b, 'A', lab), lb = layoutOf(state.b, 'B', lab), ld = layoutOf(state.b, 'D', lab);
    var lc = sparse ? null : layoutOf(state.b, 'C', lab), li = sparse ? layoutOf(state.b, 'index', 'isa') : null;
    var steps = lab === 'contig16' && m.steps_contig16 ? m.steps_contig16 : m.steps;
    var acc = sparse ? 'D' : 'C';
    var dPlace = placesOf(ld, i, j, 0)[0];
    var h = '<h2>How D[' + i + '][' + j + '] of ' + esc(x.name) + ' is computed</h2>';
    h += '<p>D[' + i + '][' + j + '] is written to ' + esc(placeText(dPlace)) + '. Default model <code>' + esc(m.name) + '</code>: ' +
         (m.qualified ? '<span class="qualified">hardware-qualified</span>' : '<span class="hypothesis">NOT hardware-qualified</span>') +
         ' \u2014 ' + esc(m.description) + '</p>';
    if (sparse)
      h += '<p class="note">SWMMAC: A holds two stored values per dense group G of 4 K values (Ac[i][2G+s]); the sparse-index field idx[i][G] ' +
           '(bits [1:0] = idx0, [3:2] = idx1) says which B rows they multiply: B[4G+idx0][j] and B[4G+idx1][j]. The accumulator is D itself.</p>';
    if (!steps.length)
      h += '<p>This model sums all products and ' + acc + '[' + i + '][' + j + '] exactly and rounds (or wraps) once: the order does not matter.</p>';
    else
      h += '<p>' + steps.length + ' steps in order; each adds its products to the accumulator (starting from ' + acc + '[' + i + '][' + j +
           ']) and rounds once' + (m.group > 1 ? '; inside a step products are aligned in groups of ' + m.group : '') + '.</p>';
    // The feeding elements, step by step (or in K order for exact models).
    var order = steps.length ? steps : [Array.apply(null, { length: la.cols }).map(function (v, n) { return n; })];
    var stepOfCol = {};
    h += '<table class="terms"><tr><th>step</th><th>group</th><th>product</th><th>A element at</th><th>B element at</th></tr>';
    order.forEach(function (cols, s) {
      cols.forEach(function (col, p) {
        stepOfCol[col] = s;
        var aName = (sparse ? 'Ac' : 'A') + '[' + i + '][' + col + ']';
        var bText, bName;
        if (sparse) {
          var G = col >> 1, which = col & 1;
          bName = 'B[4\u00b7' + G + '+idx' + which + '][' + j + ']';
          bText = 'one of ' + [0, 1, 2, 3].map(function (q) { return 'B[' + (4 * G + q) + '][' + j + '] (' + placeText(placesOf(lb, 4 * G + q, j, 0)[0]) + ')'; }).join('; ') +
                  '; idx[' + i + '][' + G + '] set 0 at ' + placeText(placesOf(li, i, G, 0)[0]);
        } else {
          bName = 'B[' + col + '][' + j + ']';
          bText = placesText(placesOf(lb, col, j, 0));
        }
        h += '<tr' + (p === 0 ? ' class="stepstart"' : '') + '><td>' + (steps.length ? s : 'exact') + '</td><td>' +
             (m.group > 0 ? Math.floor(p / m.group) : '-') + '</td><td>' + esc(aName + ' \u00d7 ' + bName) + '</td><td>' +
             esc(placesText(placesOf(la, i, col, 0))) + '</td><td>' + esc(bText) + '</td></tr>';
      });
    });
    h += '<tr class="stepstart"><td colspan="2">acc</td><td>' + acc + '[' + i + '][' + j + ']</td><td colspan="2">' +
         esc(placesText(placesOf(sparse ? ld : lc, i, j, 0))) + '</td></tr></table>';
    // Pictures: A's row i and B's column j numbered by step, D with the element selected.
    h += '<div class="pair">' + miniHtml('A' + (sparse ? 'c (stored)' : ''), la, function (r, c) { return r === i ? stepOfCol[c] : undefined; }) +
         miniHtml('B', lb, function (r, c) {
           if (c !== j) return undefined;
           if (!sparse) return stepOfCol[r];
           var G = r >> 2;  // the stored slots of group G are 2G and 2G+1: either may select this row
           return stepOfCol[2 * G];
         }) +
         miniHtml('D', ld, null, { r: i, c: j }) + '</div>';
    h += '<p class="note">Numbers in A and B are the step that consumes the element (shaded by step); outlined cells feed D[' + i + '][' + j +
         '].' + (sparse ? ' In B every row of the group is a candidate; the index picks two of the four.' : '') +
         ' Click a D cell (or move with the arrow keys) to explain another element.</p>';
    return h;
  }
  function miniHtml(title, l, stepAt, target) {
    var h = '<div><h3>' + esc(title) + '</h3><table class="matrix mini" data-mini="' + title.charAt(0) + '"><tr><th></th>';
    for (var c = 0; c !== l.cols; ++c) h += '<th>' + c + '</th>';
    h += '</tr>';
    for (var r = 0; r !== l.rows; ++r) {
      h += '<tr><th>' + r + '</th>';
      for (c = 0; c !== l.cols; ++c) {
        var p = placesOf(l, r, c, 0)[0], s = stepAt ? stepAt(r, c) : undefined;
        var isTarget = target && target.r === r && target.c === c;
        var cls = s !== undefined ? 'step feed ' + stepClass(s) : isTarget ? 'g' + (p.lane >> 4) + ' sel' : 'g' + (p.lane >> 4);
        h += '<td class="' + cls + '" data-e="' + r + ':' + c + ':0" title="' + esc(title.charAt(0) + '[' + r + '][' + c + '] \u2192 ' + placeText(p)) + '">' +
             (s !== undefined ? s : '') + '</td>';
      }
      h += '</tr>';
    }
    return h + '</table></div>';
  }

  // ---- the detail box: what the selected element means (SWMMAC index, global_load_tr) -----------
  function detailHtml() {
    var x = B[state.b], o = operandOf(state.b, state.op);
    if (!o || !state.sel || state.view !== 'layout') return '';
    var l = layoutOf(state.b, state.op, state.lab), e = state.sel;
    if (e.r >= l.rows || e.c >= l.cols || e.k >= l.keys) return '';
    if (x.family === 'swmmac' && state.op === 'index') {
      var la = layoutOf(state.b, 'A', 'isa'), G = e.c, i = e.r;
      var idxPlace = placesOf(l, i, G, e.k)[0];
      var h = '<h3>idx[' + i + '][' + G + '] in index set ' + e.k + ' at ' + esc(placeText(idxPlace)) + '</h3>' +
              '<p>This 4-bit field covers dense K ' + 4 * G + '..' + (4 * G + 3) + ' of row ' + i + '. Bits [' + (idxPlace.lo + 1) + ':' + idxPlace.lo +
              '] (idx0) give the dense K of the stored value Ac[' + i + '][' + 2 * G + '] at ' + esc(placeText(placesOf(la, i, 2 * G, 0)[0])) +
              '; bits [' + (idxPlace.lo + 3) + ':' + (idxPlace.lo + 2) + '] (idx1) that of Ac[' + i + '][' + (2 * G + 1) + '] at ' +
              esc(placeText(placesOf(la, i, 2 * G + 1, 0)[0])) + '.</p>';
      h += '<p>Try a field value: idx0 <select id="idx0">' + [0, 1, 2, 3].map(function (v) { return '<option' + (v === 0 ? ' selected' : '') + '>' + v + '</option>'; }).join('') +
           '</select> idx1 <select id="idx1">' + [0, 1, 2, 3].map(function (v) { return '<option' + (v === 1 ? ' selected' : '') + '>' + v + '</option>'; }).join('') +
           '</select> <span id="idx-result"></span></p>';
      return h;
    }
    if (x.family === 'load_tr') {
      var bytes = l.bits / 8, ps = placesOf(l, e.r, e.c, e.k);
      return '<h3>in[' + e.r + '][' + e.c + ']</h3><p>Element ' + e.c + ' (bytes ' + e.c * bytes + '..' + (e.c * bytes + bytes - 1) +
             ') of the ' + l.cols * bytes + '-byte load from the address lane ' + e.r + ' supplies; it lands in ' + esc(placesText(ps)) +
             '. Every byte of that result lane, and whose address it came from:</p>' + byteMapHtml(l, ps[0].lane);
    }
    return '';
  }
  // One result lane of a transposing load, byte by byte: "L5 b3" = byte 3 of lane 5's load.
  function byteMapHtml(l, lane) {
    var cells = registerCells(l)[lane], at = slotIndex(l), bytes = l.bits / 8;
    var h = '<table class="terms bytemap" data-lane="' + lane + '"><tr><th>result lane ' + lane + '</th>';
    for (var byte = 0; byte !== 4; ++byte) h += '<th>byte ' + byte + ' [' + (8 * byte + 7) + ':' + 8 * byte + ']</th>';
    h += '</tr>';
    for (var v = 0; v !== l.vgprs; ++v) {
      h += '<tr><th>v' + v + '</th>';
      for (byte = 0; byte !== 4; ++byte) {
        var lo = 8 * byte - (8 * byte) % l.bits, e = cells[at[v + ':' + lo]];
        h += e ? '<td>L' + e.r + ' b' + (e.c * bytes + (8 * byte - lo) / 8) + '</td>' : '<td>-</td>';
      }
      h += '</tr>';
    }
    return h + '</table>';
  }
  function updateIndexTry() {
    var out = $('idx-result');
    if (!out || !state.sel) return;
    var v0 = +$('idx0').value, v1 = +$('idx1').value, G = state.sel.c, i = state.sel.r;
    out.textContent = 'field = 0x' + (v0 | v1 << 2).toString(16) + ': Ac[' + i + '][' + 2 * G + '] = A[' + i + '][' + (4 * G + v0) + '] \u00d7 B[' +
                      (4 * G + v0) + '][j], Ac[' + i + '][' + (2 * G + 1) + '] = A[' + i + '][' + (4 * G + v1) + '] \u00d7 B[' + (4 * G + v1) + '][j]' +
                      (v0 < v1 ? '' : ' (idx0 < idx1 is required by the ISA; other values are not characterised)');
  }

  // ---- the whole view ------------------------------------------------------------------------------
  function toolbarHtml() {
    var x = B[state.b], h = '<span class="set">operand';
    OPS.forEach(function (op) {
      var has = !!operandOf(state.b, op);
      h += ' <button data-op="' + op + '"' + (state.op === op && state.view === 'layout' ? ' class="on" aria-pressed="true"' : '') + (has ? '' : ' disabled') + '>' + op + '</button>';
    });
    h += '</span><span class="set">K labels';
    ['isa', 'contig16'].forEach(function (lab) {
      h += ' <button data-lab="' + lab + '"' + (state.lab === lab ? ' class="on" aria-pressed="true"' : '') +
           (lab === 'contig16' && x.family !== 'wmma' ? ' disabled' : '') + '>' + lab + '</button>';
    });
    h += '</span><span class="set">compare <select id="compare">';
    Object.keys(COMPARE).forEach(function (c) { h += '<option value="' + c + '"' + (state.cmp === c ? ' selected' : '') + '>' + COMPARE[c] + '</option>'; });
    h += '</select></span><span class="set"><button data-view="compute"' + (state.view === 'compute' ? ' class="on" aria-pressed="true"' : '') +
         (x.model && !x.unavailable ? '' : ' disabled') + '>how D[i][j] is computed</button></span>';
    h += '<span class="set"><a id="permalink" href="' + esc(fragment()) + '">permalink</a> <button id="export">save view as SVG</button></span>';
    return h;
  }
  function titleHtml() {
    var x = B[state.b];
    var facts = x.mnemonic + ' \u00b7 ' + (x.arch === 'gfx12' ? 'RDNA4' : 'RDNA3') + ' ' + x.arch + ' \u00b7 wave' + x.wave + ' \u00b7 ' + typesText(x) +
                (x.cycles ? ' \u00b7 ' + x.cycles + ' issue cycles' : '') + (x.model ? ' \u00b7 default model ' + x.model.name + (x.model.qualified ? ' (hardware-qualified)' : ' (not hardware-qualified)') : '');
    return '<h2 id="builtin-name">' + esc(DATA.prefix + x.name) + '</h2><p class="note">' + esc(facts) + '</p>';
  }
  function render() {
    if (!operandOf(state.b, state.op) && B[state.b].operands.length) state.op = B[state.b].operands[0].op;
    if (B[state.b].family !== 'wmma') state.lab = 'isa';
    $('title').innerHTML = titleHtml();
    $('toolbar').innerHTML = toolbarHtml();
    var views = $('views'), rightHtml = '', note = '';
    if (state.view === 'compute') {
      views.innerHTML = '<div class="panel" id="compute">' + computeHtml() + '</div>';
    } else {
      var other = otherSide(), left = null, marks = null;
      if (other && typeof other === 'object' && sameLayout(state.b, state.op) && sameLayout(other.b, state.op)) {
        var l = layoutOf(state.b, state.op, state.lab), m = layoutOf(other.b, state.op, other.lab);
        marks = differences(l, m);
        var back = differences(m, l);
        rightHtml = panelHtml('right', other.b, state.op, other.lab, back);
        note = marks.count + ' of ' + l.rows * l.cols * l.keys + ' elements of ' + state.op + ' sit in different register places (hatched).';
      } else if (typeof other === 'string') {
        note = other;
      } else if (other) {
        note = 'Operand ' + state.op + ' cannot be compared: one side has no layout for it.';
      }
      left = panelHtml('left', state.b, state.op, state.lab, marks);
      views.innerHTML = left + rightHtml;
    }
    views.className = rightHtml ? 'compare' : '';
    $('compare-note').textContent = state.view === 'layout' ? note : '';
    applySelection();
    $('detail').innerHTML = detailHtml();
    updateIndexTry();
    renderList();
    writeFragment();
  }

  // ---- hover and selection, linked between matrix and registers and across compared panels -------
  function clearClass(cls) {
    var lit = document.querySelectorAll('#views td.' + cls);
    for (var i = 0; i !== lit.length; ++i) lit[i].classList.remove(cls);
  }
  function markElement(key, cls, scope) {
    var same = (scope || document).querySelectorAll('#views td[data-e="' + key + '"]');
    for (var i = 0; i !== same.length; ++i) same[i].classList.add(cls);
    return same.length;
  }
  // What a cell holds, from the data (cells carry no title text: that would double the page's DOM).
  function cellText(cell) {
    var panel = cell.closest('.panel[data-op]');
    if (!panel) return cell.getAttribute('title') || '';
    var b = +panel.getAttribute('data-b'), op = panel.getAttribute('data-op'), lab = panel.getAttribute('data-lab');
    var o = operandOf(b, op), l = layoutOf(b, op, lab), at = cell.getAttribute('data-e');
    var e = at ? at.split(':').map(Number) : null;
    if (!cell.hasAttribute('data-lane')) return elementName(o, l, e[0], e[1], e[2]) + ' \u2192 ' + placesText(placesOf(l, e[0], e[1], e[2]));
    var where = 'lane ' + cell.getAttribute('data-lane') + ', ' + l.slots[+cell.getAttribute('data-slot')][2];
    return e ? where + ' \u2192 ' + elementName(o, l, e[0], e[1], e[2]) : where + ': not read by this operand';
  }
  function describeCell(cell) {
    var text = cellText(cell);
    var x = B[state.b];
    if (x.family === 'load_tr' && cell.hasAttribute('data-lane') && cell.hasAttribute('data-e')) {
      var e = cell.getAttribute('data-e').split(':'), l = layoutOf(state.b, 'D', 'isa'), bytes = l.bits / 8;
      var slot = l.slots[+cell.getAttribute('data-slot')];
      text += '\nresult lane ' + cell.getAttribute('data-lane') + ', v' + slot[0] + ' bytes ' + slot[1] / 8 + '..' + (slot[1] / 8 + bytes - 1) +
              ' \u2190 bytes ' + e[1] * bytes + '..' + (e[1] * bytes + bytes - 1) + ' of the load from lane ' + e[0] + "'s address";
    }
    return text;
  }
  function hover(cell) {
    clearClass('hl');
    if (cell && cell.classList.contains('unread')) $('info').textContent = cellText(cell);
    if (!cell || !cell.hasAttribute('data-e')) return;
    var panel = cell.closest('.panel');
    if (panel && panel.id === 'compute') {
      cell.classList.add('hl');
    } else {
      markElement(cell.getAttribute('data-e'), 'hl');
    }
    $('info').textContent = describeCell(cell);
  }
  function applySelection() {
    clearClass('sel');
    if (!state.sel || state.view !== 'layout') return;
    var key = state.sel.r + ':' + state.sel.c + ':' + state.sel.k;
    if (markElement(key, 'sel')) {
      var cell = document.querySelector('#views table.matrix td[data-e="' + key + '"]');
      if (cell) $('info').textContent = describeCell(cell);
    }
  }
  function select(r, c, k) {
    state.sel = { r: r, c: c, k: k || 0 };
    if (state.view === 'compute') { render(); return; }
    applySelection();
    $('detail').innerHTML = detailHtml();
    updateIndexTry();
    writeFragment();
  }
  function moveSelection(dr, dc) {
    var l = state.view === 'compute' ? layoutOf(state.b, 'D', 'isa') : layoutOf(state.b, state.op, state.lab);
    if (!l) return;
    var s = state.sel || { r: 0, c: 0, k: 0 };
    select(Math.max(0, Math.min(l.rows - 1, s.r + dr)), Math.max(0, Math.min(l.cols - 1, s.c + dc)), s.k);
  }

  // ---- permalinks: #b=NAME&op=A&lab=isa&cmp=arch&view=layout&sel=3,9,0 ------------------------------
  function fragment() {
    var f = '#b=' + encodeURIComponent(B[state.b].name) + '&op=' + state.op + '&lab=' + state.lab + '&cmp=' + state.cmp + '&view=' + state.view;
    if (state.sel) f += '&sel=' + state.sel.r + ',' + state.sel.c + ',' + state.sel.k;
    return f;
  }
  function writeFragment() {
    var f = fragment();
    if (window.location.hash !== f) history.replaceState(null, '', f);
    var link = $('permalink');
    if (link) link.setAttribute('href', f);
  }
  function readFragment() {
    var h = window.location.hash.replace(/^#/, ''), args = {};
    h.split('&').forEach(function (kv) {
      var at = kv.indexOf('=');
      if (at > 0) args[kv.slice(0, at)] = decodeURIComponent(kv.slice(at + 1));
    });
    var problems = [];
    if (args.b !== undefined) {
      var b = findBuiltin(args.b);
      if (b < 0) problems.push('unknown builtin "' + args.b + '" in the link');
      else state.b = b;
    }
    if (args.op !== undefined) { if (OPS.indexOf(args.op) >= 0) state.op = args.op; else problems.push('unknown operand "' + args.op + '"'); }
    if (args.lab === 'isa' || args.lab === 'contig16') state.lab = args.lab;
    if (args.cmp !== undefined && COMPARE[args.cmp]) state.cmp = args.cmp;
    if (args.view === 'layout' || args.view === 'compute') state.view = args.view;
    state.sel = null;
    if (args.sel) {
      var n = args.sel.split(',').map(Number);
      if (n.length >= 2 && n.every(function (v) { return v >= 0 && Math.floor(v) === v; })) state.sel = { r: n[0], c: n[1], k: n[2] || 0 };
    }
    return problems;
  }

  // ---- SVG export of whatever the views area shows ----------------------------------------------
  function exportSvg() {
    var root = $('views'), box = root.getBoundingClientRect();
    var parts = [], width = Math.ceil(root.scrollWidth), height = Math.ceil(root.scrollHeight);
    function text(x, y, s, extra) {
      parts.push('<text x="' + x.toFixed(1) + '" y="' + y.toFixed(1) + '"' + (extra || '') + '>' + esc(s) + '</text>');
    }
    var items = root.querySelectorAll('h2, h3, p, .legend > span, td, th');
    for (var i = 0; i !== items.length; ++i) {
      var el = items[i], r = el.getBoundingClientRect(), st = getComputedStyle(el);
      if (!r.width) continue;
      var x = r.left - box.left, y = r.top - box.top;
      if (el.tagName === 'TD' || el.tagName === 'TH') {
        var fill = st.backgroundColor;
        if (fill && fill !== 'rgba(0, 0, 0, 0)')
          parts.push('<rect x="' + x.toFixed(1) + '" y="' + y.toFixed(1) + '" width="' + r.width.toFixed(1) + '" height="' + r.height.toFixed(1) +
                     '" fill="' + fill + '" stroke="#ffffff"/>');
        if (el.classList.contains('diff'))
          parts.push('<rect x="' + x.toFixed(1) + '" y="' + y.toFixed(1) + '" width="' + r.width.toFixed(1) + '" height="' + r.height.toFixed(1) + '" fill="url(#hatch)"/>');
        if (el.classList.contains('sel') || el.classList.contains('hl') || el.classList.contains('feed'))
          parts.push('<rect x="' + (x + 1).toFixed(1) + '" y="' + (y + 1).toFixed(1) + '" width="' + (r.width - 2).toFixed(1) + '" height="' + (r.height - 2).toFixed(1) +
                     '" fill="none" stroke="#000000" stroke-width="2"' + (el.classList.contains('hl') ? ' stroke-dasharray="3,2"' : '') + '/>');
        var lines = el.innerText.split('\n'), lh = parseFloat(st.fontSize) * 1.1;
        for (var n = 0; n !== lines.length; ++n)
          text(x + r.width / 2, y + (r.height - lh * lines.length) / 2 + lh * (n + 0.8), lines[n],
               ' text-anchor="middle" font-size="' + st.fontSize + '"' + (st.fontWeight >= 600 ? ' font-weight="bold"' : '') + (st.color !== 'rgb(26, 26, 26)' ? ' fill="' + st.color + '"' : ''));
      } else if (el.tagName === 'SPAN') {
        text(x, y + r.height * 0.8, el.textContent, ' font-size="11"');
      } else {
        text(x, y + parseFloat(st.fontSize), el.textContent.slice(0, 400), ' font-size="' + st.fontSize + '"' + (el.tagName !== 'P' ? ' font-weight="bold"' : ''));
      }
    }
    return '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="' + width + '" height="' + height +
           '" viewBox="0 0 ' + width + ' ' + height + '" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace">\n<title>' +
           esc(B[state.b].full + ' ' + fragment()) + '</title>\n<defs><pattern id="hatch" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
           '<rect width="1" height="5" fill="#000000" fill-opacity="0.3"/></pattern></defs>\n<rect width="100%" height="100%" fill="#ffffff"/>\n' +
           parts.join('\n') + '\n</svg>\n';
  }
  function downloadSvg() {
    var blob = new Blob([exportSvg()], { type: 'image/svg+xml' });
    var a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = B[state.b].name + '-' + (state.view === 'compute' ? 'compute' : state.op) + (state.cmp !== 'none' ? '-vs-' + state.cmp : '') + '.svg';
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }

  // ---- events ---------------------------------------------------------------------------------------
  // Only a choice the user makes scrolls the list (scrolling costs a layout of the whole page).
  function revealCurrent() {
    var current = document.querySelector('#list button.current'), list = $('chooser');
    if (!current) return;
    var top = current.offsetTop, bottom = top + current.offsetHeight;  // #chooser is the offset parent
    if (top < list.scrollTop || bottom > list.scrollTop + list.clientHeight) list.scrollTop = top - list.clientHeight / 3;
  }
  function chooseBuiltin(b) {
    if (b === state.b) return;
    state.b = b;
    state.sel = null;
    if (state.view === 'compute' && !B[b].model) state.view = 'layout';
    render();
    revealCurrent();
  }
  function step(delta) {
    if (!listOrder.length) return;
    var at = listOrder.indexOf(state.b);
    chooseBuiltin(listOrder[Math.max(0, Math.min(listOrder.length - 1, at < 0 ? 0 : at + delta))]);
  }
  function setOperand(op) {
    if (!operandOf(state.b, op)) return;
    state.op = op;
    state.view = 'layout';
    state.sel = null;
    render();
  }
  document.addEventListener('mouseover', function (event) {
    var cell = event.target.closest ? event.target.closest('#views td') : null;
    if (cell) hover(cell);
  });
  document.addEventListener('click', function (event) {
    var t = event.target;
    var item = t.closest('#list button');
    if (item) { chooseBuiltin(+item.getAttribute('data-b')); return; }
    var cell = t.closest('#views td[data-e]');
    if (cell) {
      var e = cell.getAttribute('data-e').split(':').map(Number);
      var mini = cell.closest('table.mini');
      if (mini && mini.getAttribute('data-mini') !== 'D') return;
      select(e[0], e[1], e[2]);
      return;
    }
    if (t.closest('#toolbar button[data-op]')) { setOperand(t.closest('button').getAttribute('data-op')); return; }
    if (t.closest('#toolbar button[data-lab]')) { state.lab = t.closest('button').getAttribute('data-lab'); render(); return; }
    if (t.closest('#toolbar button[data-view]')) { state.view = state.view === 'compute' ? 'layout' : 'compute'; render(); return; }
    if (t.id === 'export') { downloadSvg(); return; }
  });
  document.addEventListener('change', function (event) {
    if (event.target.id === 'compare') { state.cmp = event.target.value; render(); }
    if (event.target.id === 'idx0' || event.target.id === 'idx1') updateIndexTry();
  });
  $('search').addEventListener('input', renderList);
  $('search').addEventListener('keydown', function (event) {
    if (event.key === 'Enter' && listOrder.length) { chooseBuiltin(listOrder.indexOf(state.b) >= 0 ? state.b : listOrder[0]); $('search').blur(); }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') { event.preventDefault(); step(event.key === 'ArrowDown' ? 1 : -1); }
    if (event.key === 'Escape') $('search').blur();
  });
  document.addEventListener('keydown', function (event) {
    var tag = event.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || event.ctrlKey || event.metaKey || event.altKey) return;
    var k = event.key, handled = true;
    if (k === '/') $('search').focus();
    else if (k === '[') step(-1);
    else if (k === ']') step(1);
    else if (k === 'a' || k === 'b' || k === 'c' || k === 'd') setOperand(k.toUpperCase());
    else if (k === 'i') setOperand('index');
    else if (k === 'l') { if (B[state.b].family === 'wmma') { state.lab = state.lab === 'isa' ? 'contig16' : 'isa'; render(); } }
    else if (k === 'm') { var keys = Object.keys(COMPARE); state.cmp = keys[(keys.indexOf(state.cmp) + 1) % keys.length]; render(); }
    else if (k === 'h') { if (B[state.b].model && !B[state.b].unavailable) { state.view = state.view === 'compute' ? 'layout' : 'compute'; render(); } }
    else if (k === 'ArrowUp') moveSelection(-1, 0);
    else if (k === 'ArrowDown') moveSelection(1, 0);
    else if (k === 'ArrowLeft') moveSelection(0, -1);
    else if (k === 'ArrowRight') moveSelection(0, 1);
    else if (k === 'Escape') { state.sel = null; clearClass('sel'); $('detail').innerHTML = ''; writeFragment(); }
    else handled = false;
    if (handled) event.preventDefault();
  });
  window.addEventListener('hashchange', function () {
    if (window.location.hash === fragment()) return;
    var problems = readFragment();
    render();
    if (problems.length) $('info').textContent = problems.join('; ');
  });

  // The interface the browser tests drive, besides the mouse and keyboard.
  window.wmmasimExplorer = {
    data: DATA, state: state, render: render, select: select, exportSvg: exportSvg, fragment: fragment,
    show: function (name, op, lab) {
      var b = findBuiltin(name);
      if (b < 0) throw new Error('unknown builtin ' + name);
      state.b = b; state.op = op; state.lab = lab || 'isa'; state.view = 'layout'; state.cmp = 'none'; state.sel = null;
      render();
    }
  };

  buildFilters();
  var problems = readFragment();
  render();
  revealCurrent();
  if (problems.length) $('info').textContent = problems.join('; ');
  document.body.setAttribute('data-ready', '1');
})();
