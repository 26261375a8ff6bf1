"""axe-core (the npm package, vendored by build/package-lock.json, injected from disk: no network) finds no
serious or critical accessibility violation on any page, in either theme. The game pages are checked in
test_layout.py, in the page load it already makes per game and size (the e2e runtime stays modest)."""

import os
from pathlib import Path

import pytest

from support import ROOT, built_games

# Where axe-core is (the build's npm install by default).
AXE = Path(os.environ.get("AXE_CORE_JS", ROOT / "build" / "node_modules" / "axe-core" / "axe.min.js"))
RUN_AXE = """async () => {
  // every rule on, label-content-name-mismatch too (each board label begins with its visible text)
  const result = await axe.run(document, {resultTypes: ['violations'],
                                          rules: {'label-content-name-mismatch': {enabled: true}}});
  return result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}));
}"""


def serious_violations(page) -> list:
    if not AXE.exists():
        pytest.fail(f"axe-core is not installed at {AXE}: run the build (npm ci in build/)")
    page.add_script_tag(path=str(AXE))
    return page.evaluate(RUN_AXE)


@pytest.fixture(params=["light", "dark"])
def themed_page(request, browser):
    context = browser.new_context(viewport={"width": 1366, "height": 768}, bypass_csp=True)  # to inject axe
    context.add_init_script(f"localStorage.setItem('blitzbox:settings', JSON.stringify({{theme: '{request.param}'}}))")
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("path", ["", "stats.html"] + [f"rules/{game}.html" for game in built_games()])
def test_site_pages(themed_page, site_url, path):
    themed_page.goto(f"{site_url}/{path}")
    violations = serious_violations(themed_page)
    assert violations == [], violations
