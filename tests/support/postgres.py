"""A throwaway PostgreSQL cluster for the tests: Debian's initdb and pg_ctl (make postgres installs
them) in a temp folder, on a Unix socket only, as the user `nobody` when the tests run as root
(PostgreSQL refuses to run as root). Skipped, saying why, only when the binaries are absent."""

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

BINARIES = "/usr/lib/postgresql/*/bin"
RUN_AS = "nobody"


def binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder with initdb and pg_ctl, or None."""
    found = [
        Path(p)
        for p in glob.glob(BINARIES)
        if (Path(p) / "initdb").exists() and (Path(p) / "pg_ctl").exists()
    ]
    return max(found, key=lambda p: int(p.parent.name), default=None)


def _run(command: list[str]) -> None:
    if os.geteuid() == 0:
        command = ["runuser", "-u", RUN_AS, "--", *command]
    subprocess.run(command, check=True, capture_output=True, timeout=120)


class Cluster:
    """A running cluster: `url(name)` of a database of it, `new_database()` a fresh one."""

    def __init__(self, folder: Path, bin_dir: Path) -> None:
        self.folder, self.bin = folder, bin_dir
        self.names = itertools.count(1)

    def url(self, name: str = "postgres") -> str:
        return f"postgresql://postgres@/{name}?host={self.folder}"

    def new_database(self) -> str:
        import sqlalchemy

        name = f"results_{next(self.names)}"
        engine = sqlalchemy.create_engine(
            self.url().replace("postgresql://", "postgresql+psycopg://"), isolation_level="AUTOCOMMIT"
        )
        with engine.connect() as connection:
            connection.exec_driver_sql(f"CREATE DATABASE {name}")
        engine.dispose()
        return self.url(name)

    def ctl(self, *args: str) -> None:
        _run([str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-w", *args])

    def start(self) -> None:
        options = f"-k {self.folder} -c listen_addresses='' -F"
        self.ctl("-l", str(self.folder / "log"), "-o", options, "start")

    def stop(self) -> None:
        self.ctl("-m", "fast", "stop")


@contextmanager
def cluster() -> Iterator[Cluster]:
    """A cluster started in a new temp folder, stopped and removed afterwards."""
    bin_dir = binaries()
    assert bin_dir is not None
    folder = Path(tempfile.mkdtemp(prefix="pyramid-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, RUN_AS)
    running = Cluster(folder, bin_dir)
    try:
        _run(
            [
                str(bin_dir / "initdb"),
                "-D",
                str(folder / "data"),
                "-U",
                "postgres",
                "-A",
                "trust",
                "--no-sync",
            ]
        )
        running.start()
        yield running
    finally:
        try:
            running.stop()
        except subprocess.CalledProcessError:
            pass  # it was never started, or a test stopped it
        shutil.rmtree(folder, ignore_errors=True)
