"""A non-editable install still finds rules_data/ and locales/."""
from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_built_wheel_carries_rules_and_locales(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(REPO)],
        check=True,
        timeout=600,
    )
    (wheel,) = wheels.glob("nemesis_companion-*.whl")

    fresh = tmp_path / "venv"
    venv.create(fresh, with_pip=True)
    python = fresh / "bin" / "python"
    fresh_site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            check=True, capture_output=True, text=True,
        ).stdout.strip()
    )
    # Dependencies come from this environment; the package itself only from the wheel.
    (fresh_site / "deps.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], check=True, timeout=600)

    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    probe = subprocess.run(
        [
            str(python),
            "-c",
            "import companion, companion.reading.paths as p;"
            "print(companion.__file__); print(p.rules_dir()); print(p.locales_dir())",
        ],
        cwd=outside, env=env, check=True, capture_output=True, text=True,
    ).stdout.split()
    assert all(str(fresh_site) in line for line in probe), probe
    assert str(REPO) not in " ".join(probe)

    script = fresh / "bin" / "nemesis-companion"
    checked = subprocess.run([str(script), "check-data"], cwd=outside, env=env, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert "27" in checked.stdout and "22" in checked.stdout
    locales = subprocess.run([str(script), "check-locales"], cwd=outside, env=env, capture_output=True, text=True)
    assert locales.returncode == 0, locales.stdout + locales.stderr
    assert "pt-BR" in locales.stdout and "tr" in locales.stdout
