"""The page a browser loads is the app's own from its first byte: title, description, icons
and web-app manifest in the page's language (its address's `lang`, else the browser's
Accept-Language, else the app's), and a loading and a reconnecting sentence in it."""
from __future__ import annotations

import io
import re
from pathlib import Path

import httpx
import pytest

from companion.hosting.app_page import ICONS, WEB, page_language
from companion.hosting.server import serve
from companion.i18n import Translator

pytestmark = pytest.mark.slow
PT, TR = Translator("pt-BR"), Translator("tr")


def _main(page) -> None:
    pass


@pytest.fixture(scope="module")
def servers():
    """The app's server in Portuguese (the default) and one started in Turkish."""
    started = [serve(_main, host="127.0.0.1", port=0).start(),
               serve(_main, host="127.0.0.1", port=0, language="tr").start()]
    try:
        yield started
    finally:
        for server in started:
            assert server.stop(timeout=10)


def _get(server, path: str, **headers) -> httpx.Response:
    return httpx.get(server.local_url + path, headers=headers, timeout=30)


def _title(page: str) -> str:
    return re.search(r"<title>(.*?)</title>", page, re.S).group(1)


def _meta(page: str, name: str) -> str:
    return re.search(rf'<meta name="{name}" content="([^"]*)">', page).group(1)


@pytest.mark.parametrize(("accept", "translator"), [("pt-BR,pt;q=0.9,en;q=0.8", PT), ("tr-TR,tr;q=0.9", TR)])
def test_the_served_page_carries_the_apps_title_and_texts_in_the_browsers_language(servers, accept, translator):
    response = _get(servers[0], "/", **{"Accept-Language": accept})
    assert response.status_code == 200
    page = response.text
    assert _title(page) == translator.t("ui.app.title")
    assert _meta(page, "description") == translator.t("web.description")
    assert _meta(page, "apple-mobile-web-app-title") == translator.t("ui.app.short_title")
    assert f'<html lang="{translator.lang}">' in page
    assert f'aria-label="{translator.t("web.loading")}"' in page and f"<p>{translator.t('web.loading')}</p>" in page
    assert f'href="manifest.json?lang={translator.lang}"' in page
    # Both languages' reconnect sentences ride along: a page switched to the other one says its own.
    assert PT.t("web.reconnecting") in page and TR.t("web.reconnecting") in page
    assert 'id="reconnecting"' in page
    for english in ("<title>Flet</title>", "Flet application.", 'aria-label="Loading"', 'content="Flet"'):
        assert english not in page
    assert response.headers["content-language"] == translator.lang
    assert "accept-language" in response.headers["vary"].lower()


def test_a_page_address_in_a_language_wins_and_every_route_is_the_apps_page(servers):
    page = _get(servers[0], "/table?k=secret&lang=tr", **{"Accept-Language": "pt-BR"}).text
    assert _title(page) == TR.t("ui.app.title")
    page = _get(servers[0], "/seat/2?s=secret", **{"Accept-Language": "tr"}).text
    assert _title(page) == TR.t("ui.app.title")


def test_a_browser_speaking_neither_language_gets_the_apps_own(servers):
    assert _title(_get(servers[0], "/", **{"Accept-Language": "en-US,en;q=0.9"}).text) == PT.t("ui.app.title")
    assert _title(_get(servers[0], "/").text) == PT.t("ui.app.title")
    assert _title(_get(servers[1], "/", **{"Accept-Language": "de"}).text) == TR.t("ui.app.title")


def test_a_copy_kept_in_another_language_is_not_reused(servers):
    first = _get(servers[0], "/", **{"Accept-Language": "pt-BR"})
    assert "etag" not in first.headers and first.headers["cache-control"] == "no-cache"
    again = _get(servers[0], "/", **{"Accept-Language": "tr", "If-None-Match": '"anything"',
                                     "If-Modified-Since": "Wed, 21 Oct 2099 07:28:00 GMT"})
    assert again.status_code == 200 and _title(again.text) == TR.t("ui.app.title")


def test_head_answers_the_pages_length_without_the_page(servers):
    whole = _get(servers[0], "/", **{"Accept-Language": "tr"})
    head = httpx.head(servers[0].local_url + "/", headers={"Accept-Language": "tr"}, timeout=30)
    assert head.status_code == 200 and head.content == b""
    assert int(head.headers["content-length"]) == len(whole.content)


@pytest.mark.parametrize("translator", [PT, TR])
def test_the_web_app_manifest_is_the_apps_in_the_pages_language(servers, translator):
    manifest = _get(servers[0], f"/manifest.json?lang={translator.lang}").json()
    assert manifest["name"] == translator.t("ui.app.title")
    assert manifest["short_name"] == translator.t("ui.app.short_title")
    assert manifest["description"] == translator.t("web.description")
    assert manifest["lang"] == translator.lang
    for icon in manifest["icons"]:
        assert _get(servers[0], "/" + icon["src"]).status_code == 200


def test_the_icons_are_the_apps_not_flets(servers):
    import flet_web
    from PIL import Image

    flet_dir = Path(flet_web.get_package_web_dir())
    for path, name in ICONS.items():
        response = _get(servers[0], path)
        assert response.status_code == 200 and response.headers["content-type"] == "image/png"
        assert response.content == (WEB / name).read_bytes()
        original = flet_dir / path.lstrip("/")
        assert not original.exists() or response.content != original.read_bytes()
        size = re.search(r"(\d+)\.png$", path)
        if size and "icon" in path:
            assert Image.open(io.BytesIO(response.content)).size == (int(size.group(1)),) * 2


@pytest.mark.parametrize(("query", "accept", "expected"), [
    ("lang=tr", "pt-BR", "tr"),
    ("lang=xx", "tr", "tr"),
    ("", "en-GB,en;q=0.9,tr;q=0.8,pt;q=0.5", "tr"),
    ("", "pt;q=0.4,tr;q=0.6", "tr"),
    ("", "tr;q=0,pt-PT", "pt-BR"),
    ("", "en, *;q=0.5", "pt-BR"),
    ("", "", "pt-BR"),
])
def test_the_pages_language_from_its_request(query, accept, expected):
    assert page_language(query, accept, "pt-BR") == expected
