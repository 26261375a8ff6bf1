"""The oEmbed files and their discovery links name the address the site is built for (issue 33, finding 7):
pure functions of build/site.py, no built site needed."""

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# build/site.py, loaded under another name: `site` is a standard library module.
_spec = importlib.util.spec_from_file_location("site_builder_oembed", ROOT / "build" / "site.py")
site_builder = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(site_builder)


@pytest.mark.parametrize("environ, url", [
    ({"URL": "https://blitzbox.example/", "CONTEXT": "production"}, "https://blitzbox.example"),
    ({"URL": "https://blitzbox.example", "CONTEXT": "deploy-preview",
      "DEPLOY_PRIME_URL": "https://deploy-preview-7--blitzbox.example"}, "https://deploy-preview-7--blitzbox.example"),
    ({"URL": "https://blitzbox.example", "CONTEXT": "production",
      "DEPLOY_PRIME_URL": "https://main--blitzbox.example"}, "https://blitzbox.example"),
    ({"URL": "http://192.168.1.5:8000/games"}, "http://192.168.1.5:8000/games"),
    ({}, "http://127.0.0.1:8000"),  # a build on this machine, for its local server
])
def test_the_site_is_built_for_the_address_its_environment_names(environ, url):
    assert site_builder.site_url(environ) == url


@pytest.mark.parametrize("environ, message", [
    ({"CONTEXT": "production"}, "a production build (CONTEXT=production) needs the site's address in URL"),
    ({"CONTEXT": "production", "DEPLOY_PRIME_URL": "https://x.example"}, "needs the site's address in URL"),
    ({"URL": "blitzbox.example"}, "URL must be the site's absolute http(s) address, not 'blitzbox.example'"),
    ({"URL": "javascript:alert(1)"}, "URL must be the site's absolute http(s) address"),
    ({"URL": 'https://x.example/"><script>'}, "URL must be the site's absolute http(s) address"),
])
def test_a_production_build_without_an_address_or_with_a_bad_one_is_refused(environ, message):
    with pytest.raises(SystemExit, match=message.replace("(", r"\(").replace(")", r"\)")):
        site_builder.site_url(environ)


def test_the_oembed_document_and_its_discovery_link_are_absolute():
    base = site_builder.site_url({"URL": "https://blitzbox.example", "CONTEXT": "production"})
    document = json.loads(site_builder.oembed("bitskrieg", "Bitskrieg", base))
    assert document["provider_url"] == "https://blitzbox.example/"
    assert 'src="https://blitzbox.example/embed/bitskrieg.html"' in document["html"]
    assert "127.0.0.1" not in json.dumps(document)
    assert site_builder.oembed_link("bitskrieg", "Bitskrieg", base) == (
        '<link rel="alternate" type="application/json+oembed" href="https://blitzbox.example/oembed/bitskrieg.json" '
        'title="Bitskrieg">')
