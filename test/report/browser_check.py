"""Opens an nvmove report in headless Chromium and prints what a user sees, for FileCheck:
the type table, the effect of the filter, facet and sort, a type page and a source link."""
import os
import sys

from chromium_driver import Browser

ROWS = """Array.from(document.querySelectorAll('#table-types tbody tr')).map(
  tr => tr.cells[0].innerText + ' | ' + tr.cells[tr.cells.length - 1].innerText)"""
NAMES = "Array.from(document.querySelectorAll('#table-types tbody tr')).map(tr => tr.cells[0].innerText).join(', ')"
SHOWN = "document.querySelector('[data-shown-for=types]').innerText"


def set_value(browser, selector, value, event):
    browser.js("""(() => { const e = document.querySelector(%r); e.value = %r;
                  e.dispatchEvent(new Event(%r)); })()""" % (selector, value, event))


def main(site):
    root = "file://" + os.path.abspath(site)
    with Browser() as b:
        b.call("Runtime.enable", session=True)
        b.open(root + "/index.html")
        rows = b.js(ROWS)
        print("ROWS %d (%s)" % (len(rows), b.js(SHOWN)))
        for row in rows:
            print("ROW " + row)
        set_value(b, "#filter-types", "hdr", "input")
        print("FILTER hdr -> %s (%s)" % (b.js(NAMES), b.js(SHOWN)))
        set_value(b, "#filter-types", "", "input")
        set_value(b, "#facet-hint", "likely-iterator", "change")
        print("FACET likely-iterator -> " + b.js(NAMES))
        set_value(b, "#facet-hint", "", "change")
        b.js("document.querySelector('#table-types th[data-key=name]').click()")
        print("SORT type -> " + b.js(NAMES))
        href = b.js("""Array.from(document.querySelectorAll('#table-types tbody a'))
                       .find(a => a.innerText === 'table_iter').href""")
        b.open(href)
        print("TYPE " + b.js("document.getElementById('type-name').innerText"))
        print("HINT " + b.js("document.querySelector('#hint .badge').innerText"))
        for chain in b.js("Array.from(document.querySelectorAll('li.chain .steps')).map(s => s.innerText)"):
            print("CHAIN " + " ".join(chain.split()))
        link = b.js("document.querySelector('li.chain .stmt').href")
        b.open(link)
        target = b.js("""(() => { const t = document.querySelector(':target');
                         return t.id + ' ' + t.className + ': ' + t.querySelector('code').innerText; })()""")
        print("TARGET " + target)
        print("ERRORS %d" % len(b.exceptions))


if __name__ == "__main__":
    main(sys.argv[1])
