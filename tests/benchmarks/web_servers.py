"""The two web servers bench_web compares: each in its own process group on a free
loopback port, stopped by that group (`flet` may leave a child behind)."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tests.benchmarks.web_screen import BenchError
from tests.browser.conftest import REPO, _free_port, _wait_http

HOST = "127.0.0.1"


@dataclass
class Server:
    name: str
    process: subprocess.Popen
    url: str  # may carry the table's host key: never printed
    log_path: Path

    def log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def stop(self) -> None:
        # Its own session: the group id is its PID, so this reaches its children too.
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=10)
        except ProcessLookupError:
            return
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


def _companion_command() -> list[str]:
    script = Path(sys.executable).with_name("nemesis-companion")
    return [str(script)] if script.exists() else [sys.executable, "-m", "companion"]


def _printed_url(log_path: Path, port: int, timeout_s: float = 10) -> str | None:
    """The address the server printed for this port (the companion's carries the table's
    route and host key); None if it printed none."""
    pattern = re.compile(rf"http://{re.escape(HOST)}:{port}\S*")
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        found = pattern.search(log_path.read_text(errors="replace"))
        if found:
            return found.group(0).rstrip(".,;:)")
        time.sleep(0.1)
    return None


def _start(name: str, command: list[str], port: int, log_path: Path, *, printed_url: bool) -> Server:
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    server = Server(name, process, f"http://{HOST}:{port}/", log_path)
    try:
        _wait_http(server.url, process)
    except RuntimeError as error:
        server.stop()
        raise BenchError(f"{name} did not start: {error}\n{server.log_tail()}") from None
    if printed_url:
        server.url = _printed_url(log_path, port) or server.url
    return server


def start_companion(data_dir: Path, log_dir: Path, language: str = "pt-BR", *, log_name: str = "companion") -> Server:
    port = _free_port()
    command = [*_companion_command(), "--web", "--host", HOST, "--port", str(port),
               "--data-dir", str(data_dir), "--lang", language]
    name = "the companion" if log_name == "companion" else f"the companion ({log_name})"
    return _start(name, command, port, log_dir / f"{log_name}.log", printed_url=True)


def start_empty_app(log_dir: Path, controls: int = 0, screens: int = 1) -> Server:
    """The empty app; with `controls`, holding that many static controls besides its button
    (on each of its two screens with `screens=2`)."""
    port = _free_port()
    command = [sys.executable, "-m", "tests.benchmarks.empty_flet_app", "--host", HOST, "--port", str(port),
               "--controls", str(controls), "--screens", str(screens)]
    name = f"the empty Flet app holding {controls} controls" if controls else "the empty Flet app"
    if screens == 2:
        name = f"the empty Flet app switching two screens of {controls} controls"
    return _start(name, command, port, log_dir / f"empty-{controls}-{screens}.log", printed_url=False)


def start_model(model: str, data_dir: Path, log_dir: Path, *options: str) -> Server:
    """One update model of the companion's table page (tests/benchmarks/update_models/serve.py)."""
    port = _free_port()
    command = [sys.executable, "-m", "tests.benchmarks.update_models.serve", "--model", model, "--data-dir",
               str(data_dir), "--host", HOST, "--port", str(port), *options]
    label = " ".join((model, *options))
    return _start(f"model {label}", command, port, log_dir / f"model-{label.replace(' ', '_')}.log",
                  printed_url=False)
