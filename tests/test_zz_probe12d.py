from test_jupyterlab import browser, lab_url, _run_all, _wait_kernel  # noqa

PROBE = """
(nb) => { const panel = window.jupyterapp.shell.currentWidget;
  return panel.content.widgets.map((c, i) => [i, c.model.type, c.inputHidden, c.outputHidden,
     c.model.type === 'code' ? c.model.outputs.length : -1,
     !!c.node.querySelector('.jp-OutputPlaceholder'),
     c.model.sharedModel.getSource().slice(0, 30)]).filter(x => x[1] === 'code' && x[2]).slice(-6); }
"""

def test_probe(browser, lab_url):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.goto(f"{lab_url}/lab/tree/hoggenheimer.md?reset")
    nb = page.locator(".jp-NotebookPanel .jp-Notebook").first
    nb.wait_for(timeout=60_000)
    _wait_kernel(page, lab_url, "hoggenheimer.md")
    print("BEFORE", *nb.evaluate(PROBE), sep="\n")
    _run_all(page, nb, "probe")
    page.wait_for_timeout(1500)
    print("AFTER", *nb.evaluate(PROBE), sep="\n")
    for idx, name in ((49, "solution"), (52, "solution2")):
        nb.evaluate(f"(nb) => window.jupyterapp.shell.currentWidget.content.widgets[{idx}].node.scrollIntoView()")
        page.wait_for_timeout(700)
        page.screenshot(path=f"/tmp/shots12d/probe-{name}.png")
    context.close()
