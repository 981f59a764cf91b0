"""Starting the app with a broken locale or broken rules data: said once, in a language that works."""
from __future__ import annotations

import json
import shutil
import socket
from pathlib import Path
from types import SimpleNamespace

import flet as ft
import pytest

import companion.reading.paths
from companion.app import cli
from companion.i18n import Translator, clear_cache
from companion.i18n.catalog import usable_languages
from companion.reading.json_input import MAX_DEPTH
from companion.app.startup import NoUsableLanguage, choose_language, prepare
from companion.ui.fatal import FATAL_ERROR
from tests.ui_tree import page_app, walk

BROKEN_JSON = '{"cli": {\n'  # the error is at line 2, column 1


@pytest.fixture
def locales(tmp_path: Path, monkeypatch) -> Path:
    """A copy of the shipped locales that the app reads instead of the real ones."""
    copy = tmp_path / "locales"
    shutil.copytree(companion.reading.paths.locales_dir(), copy)
    monkeypatch.setattr(companion.reading.paths, "locales_dir", lambda: copy)
    clear_cache()
    yield copy
    clear_cache()


@pytest.fixture
def rules(tmp_path: Path, monkeypatch) -> Path:
    copy = tmp_path / "rules"
    shutil.copytree(companion.reading.paths.rules_dir(), copy)
    monkeypatch.setattr(companion.reading.paths, "rules_dir", lambda: copy)
    return copy


@pytest.fixture
def served(monkeypatch) -> list[tuple]:
    """The web servers the CLI would run (bound, then closed instead of served)."""
    from companion.hosting.server import Server

    calls: list[tuple] = []

    def record(server: Server) -> None:
        calls.append((server.host, server.port))
        server._socket.close()

    monkeypatch.setattr(Server, "serve_forever", record)
    monkeypatch.setattr(ft, "run", lambda main, **options: calls.append((main, options)))
    return calls


class Page(SimpleNamespace):
    def __init__(self) -> None:
        super().__init__(controls=[], theme_mode=None, width=1280, height=800, updates=0)

    def update(self) -> None:
        self.updates += 1


def _texts(control) -> list[str]:
    return [item.value for item in walk(control) if isinstance(item, ft.Text) and isinstance(item.value, str)]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _invalid_json_in(lang: str) -> str:
    return Translator(lang).t("problem.invalid_json", line=2, column=1)


# ----------------------------------------------------------------------------- locales
def test_a_broken_other_language_is_switched_off_with_the_reason(locales: Path) -> None:
    (locales / "tr" / "app.json").write_text(BROKEN_JSON, encoding="utf-8")
    choice = choose_language("pt-BR")
    assert choice.language == "pt-BR"
    assert choice.languages == ("pt-BR",)
    assert usable_languages() == ("pt-BR",)
    [notice] = choice.notices
    assert "tr/app.json" in notice and _invalid_json_in("pt-BR") in notice
    assert Translator("pt-BR").t("language_name.tr") in notice


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
def test_a_locale_file_saved_with_a_byte_order_mark_keeps_its_language_on(locales: Path, lang: str) -> None:
    # As Windows Notepad saves UTF-8: the mark first, then the text.
    path = locales / lang / "app.json"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    choice = choose_language(lang)
    assert (choice.language, choice.languages, choice.notices) == (lang, ("pt-BR", "tr"), ())
    serving = json.loads(path.read_bytes()[3:])["cli"]["serving"]
    assert Translator(lang).t("cli.serving", url="U") == serving.replace("{url}", "U")
    # The rules reference's topics are locale files too.
    from companion.rules_ref.loader import load_language_reference

    chapter = locales / lang / "rules" / "intruders.json"
    chapter.write_bytes(b"\xef\xbb\xbf" + chapter.read_bytes())
    assert "intruders" in load_language_reference(locales, lang).chapters


def test_a_broken_chosen_language_falls_back_to_the_other_and_says_so(locales: Path) -> None:
    (locales / "tr" / "ui.json").write_text('{"a": "x", "a": "y"}', encoding="utf-8")
    choice = choose_language("tr")
    assert choice.language == "pt-BR"
    [notice] = choice.notices
    pt = Translator("pt-BR")
    assert notice == pt.t("startup.language_fallback", language=pt.t("language_name.tr"),
                          fallback=pt.t("language_name.pt-BR"), file="tr/ui.json",
                          problem=pt.t("problem.duplicate_key", name="a"))


def test_a_broken_portuguese_leaves_turkish_speaking_turkish(locales: Path) -> None:
    (locales / "pt-BR" / "app.json").write_bytes(b'{"cli": "\xff"}')
    choice = choose_language("tr")
    assert (choice.language, choice.languages) == ("tr", ("tr",))
    [notice] = choice.notices
    tr = Translator("tr")
    assert tr.t("language_name.pt-BR") in notice and tr.t("problem.not_utf8") in notice


def test_the_app_starts_in_the_working_language_and_prints_why(locales: Path, served, tmp_path: Path,
                                                                capsys) -> None:
    (locales / "tr" / "app.json").write_text(BROKEN_JSON, encoding="utf-8")
    port = _free_port()
    code = cli.main(["--web", "--port", str(port), "--lang", "tr", "--data-dir", str(tmp_path / "data")])
    out, err = capsys.readouterr()
    assert code == 0
    assert len(served) == 1
    said = Translator("pt-BR").t("cli.serving", url="URL").split("URL")
    first = out.splitlines()[0]
    assert first.startswith(said[0] + f"http://127.0.0.1:{port}/table?k=") and first.endswith(said[1])
    [line] = err.strip().splitlines()
    assert "tr/app.json" in line and _invalid_json_in("pt-BR") in line


def test_the_start_up_banner_says_why_a_language_is_off(locales: Path, tmp_path: Path, monkeypatch) -> None:
    import companion.app.pages

    banners: list[list[str]] = []
    monkeypatch.setattr(companion.app.pages, "make_main",
                        lambda controller, *, language, startup_errors, **_: banners.append(list(startup_errors)))
    (locales / "tr" / "app.json").write_text(BROKEN_JSON, encoding="utf-8")
    choice = choose_language("pt-BR")
    prepare(choice=choice, data_dir=tmp_path / "data").main
    assert banners == [list(choice.notices)]


def test_the_language_menu_leaves_out_a_broken_language(locales: Path, tmp_path: Path) -> None:
    from tests.ui_tree import FakePage, make_controller, page_app

    (locales / "tr" / "app.json").write_text(BROKEN_JSON, encoding="utf-8")
    app = page_app(FakePage(), make_controller(tmp_path), language="pt-BR", startup_errors=[])
    menu = app._language_menu(ft.Text(""))
    identifiers = {getattr(item, "identifier", None) for item in walk(menu)}
    assert "language-pt-BR" in identifiers
    assert "language-tr" not in identifiers


def test_when_every_language_is_broken_one_line_and_exit_1(locales: Path, served, tmp_path: Path,
                                                          capsys) -> None:
    (locales / "tr" / "app.json").write_text(BROKEN_JSON, encoding="utf-8")
    (locales / "pt-BR" / "app.json").write_text("[]", encoding="utf-8")
    with pytest.raises(NoUsableLanguage):
        choose_language("pt-BR")
    code = cli.main(["--web", "--data-dir", str(tmp_path / "data")])
    out, err = capsys.readouterr()
    assert code == 1
    assert served == [] and out == ""
    [line] = err.strip().splitlines()
    assert str(locales / "tr" / "app.json") in line and str(locales / "pt-BR" / "app.json") in line


# ----------------------------------------------------------------------------- rules data
def _break_pools(rules: Path, text: str) -> None:
    (rules / "pools.json").write_text(text, encoding="utf-8")


def test_the_rules_error_screen_says_what_is_wrong(rules: Path, tmp_path: Path) -> None:
    data = json.loads((rules / "characters.json").read_text(encoding="utf-8"))
    entry = data["characters"][0]["id"]
    data["characters"][0]["favourite_colour"] = "teal"
    (rules / "characters.json").write_text(json.dumps(data), encoding="utf-8")
    startup = prepare(choice=choose_language("tr"), data_dir=tmp_path / "data")
    tr = Translator("tr")
    expected = tr.t("error.rules_data", file="characters.json", entry=entry, field="favourite_colour")
    assert startup.rules_problem == f"{expected} {tr.t('startup.rules_problem', problem=tr.t('problem.unknown_field'))}"

    page = Page()
    startup.main(page)
    shown = [item for item in walk(page.controls[0]) if getattr(item, "identifier", None) == FATAL_ERROR]
    assert _texts(shown[0]) == [startup.rules_problem]


# A value of the wrong type or out of bounds: the page says so in its language, never in
# pydantic's English ("Input should be a valid integer").
WRONG_VALUES = [
    ("pools.json", lambda data: data.update(fire="12"), "-", "fire", "problem.expected_integer", {}),
    ("pools.json", lambda data: data.update(fire=0), "-", "fire", "problem.at_least", {"limit": 1}),
    ("pools.json", lambda data: data.update(fire=[12]), "-", "fire", "problem.expected_integer", {}),
    ("characters.json", lambda data: data["characters"][0].update(id="Not An Id"), "Not An Id", "id",
     "problem.bad_id", {}),
]


@pytest.mark.parametrize("lang", ["pt-BR", "tr"])
@pytest.mark.parametrize(("name", "change", "entry", "field", "key", "params"), WRONG_VALUES)
def test_a_wrong_value_in_the_rules_data_is_said_in_the_page_language(rules: Path, tmp_path: Path, lang, name,
                                                                       change, entry, field, key, params) -> None:
    data = json.loads((rules / name).read_text(encoding="utf-8"))
    change(data)
    (rules / name).write_text(json.dumps(data), encoding="utf-8")
    startup = prepare(choice=choose_language(lang), data_dir=tmp_path / "data")
    t = Translator(lang)
    expected = (f"{t.t('error.rules_data', file=name, entry=entry, field=field)} "
                f"{t.t('startup.rules_problem', problem=t.t(key, **params))}")
    assert startup.rules_problem == expected  # the console's line
    page = Page()
    startup.main(page)
    [shown] = [item for item in walk(page.controls[0]) if getattr(item, "identifier", None) == FATAL_ERROR]
    assert _texts(shown) == [expected]
    assert "should" not in expected.lower() and "input" not in expected.lower()


def test_the_rules_error_screen_switches_language(rules: Path, tmp_path: Path) -> None:
    _break_pools(rules, '{"schema_version": 1,\n "fire": 12,,\n}')
    startup = prepare(choice=choose_language("tr"), data_dir=tmp_path / "data")
    page = Page()
    startup.main(page)
    [picker] = [item for item in walk(page.controls[0]) if isinstance(item, ft.Dropdown)]
    assert [option.key for option in picker.options] == ["pt-BR", "tr"]
    picker.on_select(SimpleNamespace(control=SimpleNamespace(value="pt-BR")))
    message = " ".join(_texts(page.controls[0]))
    pt = Translator("pt-BR")
    assert pt.t("problem.invalid_json", line=2, column=13) in message
    assert "pools.json" in message


def test_the_app_with_broken_rules_prints_the_problem_and_exits_1(rules: Path, served, tmp_path: Path,
                                                                  capsys) -> None:
    _break_pools(rules, "[" * 100_000)
    code = cli.main(["--web", "--port", str(_free_port()), "--lang", "tr", "--data-dir", str(tmp_path / "data")])
    _out, err = capsys.readouterr()
    assert code == 1
    assert len(served) == 1  # the error screen is still served, so the table sees it too
    [line] = err.strip().splitlines()
    tr = Translator("tr")
    assert "pools.json" in line and tr.t("problem.too_deep", limit=MAX_DEPTH) in line
