"""The page a browser loads is the app's own before its first screen draws: title,
description, icons and web-app manifest in the page's language, a loading sentence, and a
"reconnecting to the table" sentence while the server is out of reach.

Flet serves its own index.html ("Flet", "Flet application.", Flet's logo). This ASGI
middleware rewrites that page as it goes out, in the language the request asks for (the
page's `lang` in its address, else the browser's Accept-Language, else the app's), serves
the manifest in that language and the app's icons in place of Flet's.
"""
from __future__ import annotations

import html
import json
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import parse_qs

from companion.i18n import LANGUAGES, Translator
from companion.i18n.catalog import usable_languages

WEB = Path(__file__).with_name("web")
# Flet's icon paths, each served with the app's own picture.
ICONS = {
    "/favicon.png": "favicon.png",
    "/icons/icon-192.png": "icons/icon-192.png",
    "/icons/icon-512.png": "icons/icon-512.png",
    "/icons/icon-maskable-192.png": "icons/icon-maskable-192.png",
    "/icons/icon-maskable-512.png": "icons/icon-maskable-512.png",
    "/icons/apple-touch-icon-192.png": "icons/apple-touch-icon-192.png",
    "/icons/loading-animation.png": "icons/loading.png",
}
MANIFEST = "/manifest.json"
LANG_PARAM = "lang"  # as in the pages' own addresses (ui.routes)
BACKGROUND = "#101418"  # ui.theme.BACKGROUND: no white flash before the dark app


def page_language(query: str, accept_language: str, default: str,
                  languages: tuple[str, ...] = LANGUAGES) -> str:
    """The language a request asks for: its `lang` parameter, else the first of the
    browser's languages we speak, else the app's."""
    asked = parse_qs(query).get(LANG_PARAM, [])
    for lang in asked:
        if lang in languages:
            return lang
    by_code = {lang.split("-")[0].lower(): lang for lang in languages}
    ranked = []
    for position, part in enumerate(accept_language.split(",")):
        code, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        if code and weight > 0:
            ranked.append((-weight, position, code.split("-")[0].lower()))
    for _weight, _position, code in sorted(ranked):
        if code in by_code:
            return by_code[code]
    return default if default in languages else languages[0]


@lru_cache(maxsize=len(LANGUAGES))
def _texts(lang: str) -> dict[str, str]:
    t = Translator(lang).t
    return {"title": t("ui.app.title"), "short": t("ui.app.short_title"), "description": t("web.description"),
            "loading": t("web.loading"), "reconnecting": t("web.reconnecting")}


def manifest(lang: str) -> bytes:
    texts = _texts(lang)
    icons = [{"src": f"icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png"} for size in (192, 512)]
    icons += [{"src": f"icons/icon-maskable-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
               "purpose": "maskable"} for size in (192, 512)]
    return json.dumps({
        "name": texts["title"], "short_name": texts["short"], "description": texts["description"],
        "lang": lang, "start_url": ".", "display": "standalone", "orientation": "natural",
        "background_color": BACKGROUND, "theme_color": BACKGROUND, "prefer_related_applications": False,
        "icons": icons,
    }, ensure_ascii=False, indent=2).encode("utf-8")


# While the server is out of reach Flet's client shows a spinner (its text is blanked,
# client_texts.py): this says what is going on, in the language the page shows now.
_RECONNECT_SCRIPT = """<script>
(function () {
  var texts = %(texts)s, served = %(lang)s, Native = window.WebSocket, open = 0, opened = false, timer = null;
  function language() {
    var asked = new URLSearchParams(window.location.search).get('lang');
    return texts[asked] ? asked : served;
  }
  function show(on) {
    var box = document.getElementById('reconnecting');
    if (!box) return;
    if (on) { box.textContent = texts[language()]; box.lang = language(); }
    box.hidden = !on;
  }
  function Watched(url, protocols) {
    var socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (!/\\/ws$/.test(String(url))) return socket;
    var counted = false;
    socket.addEventListener('open', function () {
      counted = true; open++; opened = true; clearTimeout(timer); timer = null; show(false);
    });
    socket.addEventListener('close', function () {
      if (counted) { open--; counted = false; }
      if (opened && open === 0 && timer === null) timer = setTimeout(function () { show(true); }, 1000);
    });
    return socket;
  }
  Watched.prototype = Native.prototype;
  ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED'].forEach(function (name) { Watched[name] = Native[name]; });
  window.WebSocket = Watched;
})();
</script>"""

_STYLE = """<style>
  #loading { background: %(bg)s !important; flex-direction: column; gap: 24px; }
  #loading p { color: #eef1f4; font: 18px/1.4 system-ui, sans-serif; margin: 0 24px; text-align: center; }
  #reconnecting { position: fixed; top: 12px; left: 50%%; transform: translateX(-50%%); z-index: 2147483647;
    max-width: calc(100vw - 32px); padding: 10px 18px; border-radius: 10px; background: #252d36;
    color: #eef1f4; border: 1px solid #f5c518; font: 17px/1.4 system-ui, sans-serif; text-align: center;
    pointer-events: none; }
  #reconnecting[hidden] { display: none; }
</style>"""


def localized_index(page: str, lang: str, languages: tuple[str, ...] = LANGUAGES) -> str:
    """Flet's index.html, as the app's own page in `lang` (with the reconnecting sentence
    of every one of `languages`, for a page switched to another)."""
    texts = {key: html.escape(value, quote=True) for key, value in _texts(lang).items()}
    page = re.sub(r"<html\b[^>]*>", f'<html lang="{lang}">', page, count=1)
    page = re.sub(r"<title>.*?</title>", f"<title>{texts['title']}</title>", page, count=1, flags=re.S)
    page = re.sub(r'<meta name="description" content="[^"]*">',
                  f'<meta name="description" content="{texts["description"]}">', page, count=1)
    page = re.sub(r'<meta name="apple-mobile-web-app-title" content="[^"]*">',
                  f'<meta name="apple-mobile-web-app-title" content="{texts["short"]}">', page, count=1)
    page = re.sub(r'<link rel="manifest" href="[^"]*">', f'<link rel="manifest" href="manifest.json?{LANG_PARAM}={lang}">',
                  page, count=1)
    page = re.sub(r'<div id="loading" role="status" aria-label="[^"]*">',
                  f'<div id="loading" role="status" aria-label="{texts["loading"]}">', page, count=1)
    page = page.replace('<img src="icons/loading-animation.png" alt="" />',
                        f'<img src="icons/loading-animation.png" alt="" />\n    <p>{texts["loading"]}</p>', 1)
    reconnecting = {code: _texts(code)["reconnecting"] for code in languages}
    head = (f'  <meta name="theme-color" content="{BACKGROUND}">\n  {_STYLE % {"bg": BACKGROUND}}\n  '
            + _RECONNECT_SCRIPT % {"texts": json.dumps(reconnecting, ensure_ascii=False), "lang": json.dumps(lang)}
            + "\n</head>")
    page = page.replace("</head>", head, 1)
    box = f'<div id="reconnecting" role="status" aria-live="assertive" hidden></div>\n</body>'
    return page.replace("</body>", box, 1)


def _header(scope, name: bytes) -> str:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin-1")
    return ""


class AppPage:
    """ASGI middleware: the app's index.html, manifest and icons; everything else passes."""

    def __init__(self, app, *, language: str) -> None:
        self.app = app
        self.language = language
        # A language whose locale files are broken is switched off here as on the pages.
        self.languages = tuple(usable_languages()) or (language,)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        head_only = scope.get("method") == "HEAD"
        lang = page_language(scope.get("query_string", b"").decode("latin-1"),
                             _header(scope, b"accept-language"), self.language, self.languages)
        if path in ICONS:
            await _send(send, (WEB / ICONS[path]).read_bytes(), b"image/png", head_only)
            return
        if path == MANIFEST:
            await _send(send, manifest(lang), b"application/manifest+json; charset=utf-8", head_only, lang=lang)
            return
        # Anything else may be the page itself (Flet answers every route with index.html):
        # asked for whole (no "not modified" from a copy in another language), rewritten if HTML.
        headers = [(key, value) for key, value in scope.get("headers", [])
                   if key.lower() not in (b"if-none-match", b"if-modified-since")]
        # HEAD is answered from the GET: the rewritten page's length is only known whole.
        rewriter = _Rewriter(send, lambda page: localized_index(page, lang, self.languages), lang, head_only)
        await self.app(dict(scope, headers=headers, method="GET"), receive, rewriter.send)


async def _send(send, body: bytes, content_type: bytes, head_only: bool, *, lang: str | None = None) -> None:
    headers = [(b"content-type", content_type), (b"content-length", str(len(body)).encode()),
               (b"cache-control", b"no-cache")]
    if lang is not None:
        headers += [(b"content-language", lang.encode()), (b"vary", b"accept-language")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if head_only else body})


class _Rewriter:
    """Holds back an HTML response until it is whole, then sends it rewritten."""

    def __init__(self, send, rewrite, lang: str, head_only: bool) -> None:
        self._send = send
        self.rewrite = rewrite
        self.lang = lang
        self.head_only = head_only
        self.start: dict | None = None
        self.body = bytearray()

    async def send(self, message) -> None:
        if message["type"] == "http.response.start":
            content_type = dict((k.lower(), v) for k, v in message.get("headers", [])).get(b"content-type", b"")
            if message.get("status") == 200 and content_type.startswith(b"text/html"):
                self.start = message
                return
        if self.start is None or message["type"] != "http.response.body":
            if self.head_only and message["type"] == "http.response.body":
                message = dict(message, body=b"")
            await self._send(message)
            return
        self.body += message.get("body", b"")
        if message.get("more_body", False):
            return
        body = self.rewrite(self.body.decode("utf-8")).encode("utf-8")
        headers = [(k, v) for k, v in self.start.get("headers", [])
                   if k.lower() not in (b"content-length", b"etag", b"last-modified", b"cache-control")]
        headers += [(b"content-length", str(len(body)).encode()), (b"cache-control", b"no-cache"),
                    (b"content-language", self.lang.encode()), (b"vary", b"accept-language")]
        await self._send(dict(self.start, headers=headers))
        await self._send({"type": "http.response.body", "body": b"" if self.head_only else body})
