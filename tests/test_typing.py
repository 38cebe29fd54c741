"""The package ships its types: a user's script type-checks with mypy --strict against it.

mypy runs from an empty folder with an empty config, so it finds the package the way a user's
mypy does (installed, through site-packages), not through this project's source settings.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).parent / "typing"


def mypy_strict(script: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    shutil.copy(script, tmp_path / script.name)
    (tmp_path / "mypy.ini").write_text("[mypy]\n")
    command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--config-file", "mypy.ini"]
    return subprocess.run(
        [*command, script.name], cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False
    )


@pytest.mark.slow  # 11 s at load 26 (pytest --durations, 1 Dec 2026)
def test_a_users_script_type_checks_strictly_against_the_package(tmp_path):
    done = mypy_strict(SCRIPTS / "user_script.py", tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow  # 14 s at load 26 (pytest --durations, 1 Dec 2026)
def test_mypy_catches_the_two_planted_bugs_of_issue_29(tmp_path):
    done = mypy_strict(SCRIPTS / "planted_bugs.py", tmp_path)
    assert done.returncode == 1
    assert 'planted_bugs.py:8: error: "bool" not callable' in done.stdout
    assert 'planted_bugs.py:11: error: Unsupported operand types for + ("None" and "int")' in done.stdout
