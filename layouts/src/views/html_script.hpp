// The inline script and style of the interactive page (internal to the views library). The script
// is kept free of "</" so that the page is also well-formed XML; it sits in a CDATA section.
#pragma once

namespace wmmasim::views::html_assets {

// Records script errors in the page itself, so a headless browser's DOM dump shows them.
inline constexpr const char* kErrorTrap = R"JS(
window.onerror = function (message, source, line) {
  var box = document.getElementById('script-errors');
  box.textContent += 'script error: ' + message + ' (line ' + line + ')\n';
  document.body.setAttribute('data-script-errors', 'yes');
};
)JS";

// Hovering a cell highlights every cell of its panel holding the same element: the matrix cell
// and its register place(s), whichever side the pointer is on. With #selftest in the URL the page
// drives that itself once per panel and writes the outcome to body[data-selftest]. The last line
// marks that the script ran to its end.
inline constexpr const char* kInteraction = R"JS(
(function () {
  'use strict';
  function clear(panel) {
    var lit = panel.querySelectorAll('.hl');
    for (var i = 0; i !== lit.length; ++i) lit[i].classList.remove('hl');
  }
  function highlight(cell) {
    var panel = cell.closest('.panel');
    if (!panel) return;
    clear(panel);
    var same = panel.querySelectorAll('td[data-e="' + cell.getAttribute('data-e') + '"]');
    for (var i = 0; i !== same.length; ++i) same[i].classList.add('hl');
    panel.querySelector('.info').textContent = cell.getAttribute('title');
  }
  document.addEventListener('mouseover', function (event) {
    var cell = event.target.closest ? event.target.closest('td[data-e]') : null;
    if (cell) highlight(cell);
  });
  function hover(cell) {
    cell.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  }
  function selftest() {
    var panels = document.querySelectorAll('.panel');
    var failures = [];
    for (var i = 0; i !== panels.length; ++i) {
      var panel = panels[i];
      var cells = panel.querySelectorAll('table.matrix td[data-e]');
      var probe = cells[Math.floor(cells.length / 2)];
      hover(probe);
      if (!panel.querySelector('table.regs td.hl')) failures.push(panel.id + ': matrix to registers');
      var regs = panel.querySelectorAll('table.regs td[data-e]');
      hover(regs[regs.length - 1]);
      if (!panel.querySelector('table.matrix td.hl')) failures.push(panel.id + ': registers to matrix');
      clear(panel);
    }
    document.body.setAttribute('data-selftest', failures.length ? 'fail: ' + failures.join('; ') : 'pass ' + panels.length);
  }
  if (window.location.hash === '#selftest') selftest();
  document.body.setAttribute('data-script-ok', '1');
})();
)JS";

inline constexpr const char* kStyle = R"CSS(
body { font-family: system-ui, sans-serif; margin: 16px; color: #222; }
h1 { font-size: 18px; } h2 { font-size: 16px; margin: 8px 0; } h3 { font-size: 14px; margin: 14px 0 4px; }
.archs { display: flex; gap: 24px; align-items: flex-start; }
.arch { flex: 1 1 0; min-width: 0; overflow-x: auto; border-top: 3px solid #888; }
.panel { margin-bottom: 18px; }
.pair { display: flex; gap: 12px; align-items: flex-start; flex-wrap: wrap; }
table { border-collapse: collapse; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 10px; }
td, th { border: 1px solid #fff; padding: 1px 2px; text-align: center; white-space: nowrap; line-height: 1.1; }
table.matrix { font-size: 9px; }
th { color: #666; font-weight: normal; }
td.g0 { background: #f4c7c3; } td.g1 { background: #d9d9d9; } td.g2 { background: #c9daf8; } td.g3 { background: #d9ead3; }
td.unread { color: #bbb; }
td.hl { background: #ffd54f; outline: 2px solid #e65100; }
.info { font-family: ui-monospace, monospace; font-size: 12px; min-height: 1.4em; color: #b71c1c; }
.note { font-size: 12px; color: #555; }
#script-errors { color: #b71c1c; }
)CSS";

}  // namespace wmmasim::views::html_assets
