"""Each page starts in its device's language when it is one of ours, keeps a language
chosen on it across reloads (it rides in the address), and switching one page leaves the
others as they were."""
from __future__ import annotations

from types import SimpleNamespace

from companion.ui.routes import device_language, language_in
from companion.ui.shell import PageApp

from .test_ui_pages import LivePage
from .ui_tree import make_controller, page_app


class DevicePage(LivePage):
    def __init__(self, codes: list[str], route: str = "/") -> None:
        super().__init__(width=390)
        self.codes = codes
        self.route = route
        self.pushed: list[str] = []

    async def get_device_info(self):
        return SimpleNamespace(locales=[SimpleNamespace(language_code=code) for code in self.codes])

    async def push_route(self, route: str) -> None:
        self.pushed.append(route)
        self.route = route


def test_device_language_picks_the_first_one_we_speak():
    usable = ("pt-BR", "tr")
    assert device_language(["en", "tr", "pt"], usable) == "tr"
    assert device_language(["pt_PT", "tr"], usable) == "pt-BR"
    assert device_language(["de", "en"], usable) is None
    assert device_language(["tr"], ("pt-BR",)) is None  # a broken locale is not offered


def test_language_in_the_address():
    assert language_in("/table?k=x&lang=tr") == "tr"
    assert language_in("/seat/2?s=abc&lang=pt-BR") == "pt-BR"
    assert language_in("/?lang=en") is None and language_in(None) is None


def _open(controller, page) -> PageApp:
    app = page_app(page, controller, language="pt-BR", startup_errors=[])
    app.start()
    return app


def test_pages_start_in_their_devices_language_and_switch_alone(tmp_path):
    controller = make_controller(tmp_path)
    turkish = _open(controller, DevicePage(["tr", "en"]))
    brazilian = _open(controller, DevicePage(["pt"]))
    english = _open(controller, DevicePage(["en"]))
    assert (turkish.texts.lang, brazilian.texts.lang, english.texts.lang) == ("tr", "pt-BR", "pt-BR")
    brazilian.set_language("tr")
    assert brazilian.texts.lang == "tr" and turkish.texts.lang == "tr" and english.texts.lang == "pt-BR"
    turkish.set_language("pt-BR")
    assert turkish.texts.lang == "pt-BR" and brazilian.texts.lang == "tr"
    # The choice rides in the address: a reload of that address keeps it, whatever the device says.
    assert "lang=pt-BR" in turkish.page.pushed[-1]
    reloaded = _open(controller, DevicePage(["tr"], route=turkish.page.pushed[-1]))
    assert reloaded.texts.lang == "pt-BR"
