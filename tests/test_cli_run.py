"""Starting the app on a machine with no display: one line says so, then the web client answers."""
from __future__ import annotations

import os
import platform
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from companion.i18n import Translator

REPO = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.slow
@pytest.mark.skipif(platform.system() != "Linux", reason="display detection is for Linux servers")
def test_without_a_display_the_app_says_so_and_serves_the_web_client(tmp_path: Path) -> None:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "--port", str(port), "--lang", "tr", "--data-dir", str(tmp_path)],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        start_new_session=True,
    )
    try:
        first_line = process.stdout.readline().strip()
        # The table's address carries its host key: only it opens the table screen.
        said = Translator("tr").t("cli.no_display", url="URL").split("URL")
        assert first_line.startswith(said[0] + f"http://127.0.0.1:{port}/table?k=") and first_line.endswith(said[1])
        key = first_line[len(said[0]):len(first_line) - len(said[1])].split("?k=", 1)[1]
        assert len(key) >= 22  # at least 128 bits
        deadline = time.monotonic() + 60
        status = None
        while time.monotonic() < deadline and status is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    status = response.status
            except OSError:
                time.sleep(0.3)
        assert status == 200
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
