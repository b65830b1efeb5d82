import LintEngine
import Support

/// The HTML report's style and script, inlined in the page: it must open from a CI artifact with
/// no network (the page's Content-Security-Policy forbids every fetch). Each sits in a CDATA
/// section behind a comment, so the page also parses as XML (the reporter tests read it so).
enum HTMLReportAssets {
    static let style = """
        /*<![CDATA[*/
        :root { --error: #c62828; --warning: #b26a00; --info: #1565c0; --line: #e3e3e3; --muted: #666; }
        * { box-sizing: border-box; }
        body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; color: #1d1d1d; background: #fafafa; }
        header, main, section, nav { max-width: 1100px; margin: 0 auto; padding: 0 20px; }
        header { padding-top: 20px; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        h2 { font-size: 16px; margin: 20px 0 8px; }
        code, pre, .loc { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
        .muted { color: var(--muted); }
        .totals span { display: inline-block; margin-right: 14px; font-weight: 600; }
        .s-error { color: var(--error); } .s-warning { color: var(--warning); } .s-info { color: var(--info); }
        table.chart { border-collapse: collapse; width: 100%; }
        table.chart td, table.chart th { padding: 3px 6px; text-align: left; vertical-align: middle; }
        table.chart th { font-weight: normal; white-space: nowrap; width: 1%; }
        table.chart td.n { white-space: nowrap; width: 1%; color: var(--muted); }
        .bar { display: flex; height: 14px; background: #eee; border-radius: 3px; overflow: hidden; }
        .bar span { display: block; height: 100%; }
        .bar .error { background: var(--error); } .bar .warning { background: var(--warning); } .bar .info { background: var(--info); }
        button.pick { border: 0; background: none; padding: 0; color: #0b57d0; cursor: pointer; font: inherit; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; }
        .legend span { margin-right: 12px; } .legend i { display: inline-block; width: 10px; height: 10px; margin-right: 4px; border-radius: 2px; }
        nav.filters { position: sticky; top: 0; background: #fafafa; border-bottom: 1px solid var(--line); padding-top: 8px; padding-bottom: 8px; z-index: 1; }
        nav.filters label { margin-right: 14px; white-space: nowrap; }
        nav.filters select { max-width: 320px; }
        details.file { background: #fff; border: 1px solid var(--line); border-radius: 6px; margin: 8px 0; }
        details.file > summary { cursor: pointer; padding: 6px 10px; }
        details.file > summary .count { float: right; color: var(--muted); }
        ol.findings { list-style: none; margin: 0; padding: 0 10px 6px; }
        li.f { border-top: 1px solid var(--line); padding: 8px 0; }
        li.f .head { margin: 0; }
        li.f .conf { color: var(--muted); font-size: 12px; margin-left: 6px; }
        li.f .sev { font-weight: 600; text-transform: uppercase; font-size: 11px; letter-spacing: .04em; margin-right: 6px; }
        li.f .msg { margin: 4px 0; }
        li.f .note { margin: 4px 0 0; color: var(--muted); }
        a.loc { color: inherit; }
        pre.code { margin: 6px 0; padding: 6px 0; background: #f5f5f5; border-radius: 4px; overflow-x: auto; }
        pre.code .l { display: block; padding: 0 8px; white-space: pre; }
        pre.code .l.hit { background: #fff3c4; }
        pre.code .ln { display: inline-block; min-width: 3.5em; color: #999; user-select: none; }
        pre.code mark { background: #ffd54f; }
        ul.related { margin: 4px 0; padding-left: 0; list-style: none; }
        ul.related .ev { font-size: 11px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin-right: 4px; }
        footer { max-width: 1100px; margin: 24px auto; padding: 0 20px; color: var(--muted); font-size: 12px; }
        [hidden] { display: none !important; }
        /*]]>*/
        """

    /// Filters by rule, folder and severity: one pass over the findings per change (a file whose
    /// folder or rules rule it out is hidden without looking at its findings), touching only the
    /// elements whose visibility changes, so 10,000 findings filter at once.
    static let script = """
        //<![CDATA[
        (function () {
          'use strict';
          var groups = [].slice.call(document.querySelectorAll('details.file')).map(function (file) {
            return { file: file, dir: file.getAttribute('data-dir'), rules: file.getAttribute('data-rules'),
                     items: [].slice.call(file.querySelectorAll('li.f')), count: file.querySelector('.count') };
          });
          var total = groups.reduce(function (sum, group) { return sum + group.items.length; }, 0);
          var rule = document.getElementById('rule'), folder = document.getElementById('folder');
          var boxes = [].slice.call(document.querySelectorAll('input[name=severity]'));
          var shown = document.getElementById('shown');
          function inFolder(dir, wanted) {
            return !wanted || dir === wanted || dir.lastIndexOf(wanted + '/', 0) === 0;
          }
          function apply() {
            var wantedRule = rule.value, wantedFolder = folder.value, allowed = {}, count = 0, visible = [];
            boxes.forEach(function (box) { allowed[box.value] = box.checked; });
            groups.forEach(function (group) {
              var n = 0;
              if (inFolder(group.dir, wantedFolder) &&
                  (!wantedRule || group.rules.indexOf(' ' + wantedRule + ' ') >= 0)) {
                group.items.forEach(function (item) {
                  var show = (!wantedRule || item.getAttribute('data-rule') === wantedRule) &&
                             allowed[item.getAttribute('data-severity')] === true;
                  if (item.hidden === show) { item.hidden = !show; }
                  if (show) { n += 1; }
                });
              }
              if (group.file.hidden !== (n === 0)) { group.file.hidden = n === 0; }
              group.count.textContent = String(n);
              if (n > 0) { visible.push(group.file); }
              count += n;
            });
            shown.textContent = (count === total ? '' : count + ' of ') + total + ' findings shown';
            // A narrow selection is opened to read; a wide one stays folded (and fast).
            if (count <= 200) { visible.forEach(function (file) { file.open = true; }); }
          }
          function openTarget() {
            var target = location.hash && document.getElementById(location.hash.slice(1));
            var details = target && target.closest('details');
            if (details) { details.open = true; target.scrollIntoView(); }
          }
          rule.addEventListener('change', apply);
          folder.addEventListener('change', apply);
          boxes.forEach(function (box) { box.addEventListener('change', apply); });
          [].slice.call(document.querySelectorAll('button.pick')).forEach(function (button) {
            button.addEventListener('click', function () {
              rule.value = button.getAttribute('data-rule');
              apply();
              document.getElementById('filters').scrollIntoView();
            });
          });
          document.getElementById('expand').addEventListener('click', function () {
            groups.forEach(function (group) { if (!group.file.hidden) { group.file.open = true; } });
          });
          document.getElementById('collapse').addEventListener('click', function () {
            groups.forEach(function (group) { group.file.open = false; });
          });
          window.addEventListener('hashchange', openTarget);
          document.getElementById('filters').hidden = false;
          openTarget();
          document.documentElement.setAttribute('data-ready', String(total));
        })();
        //]]>
        """
}
