"""Command-line manners: quiet on a closed pipe, Ctrl-C ends with 130 and no traceback (Dask's
workers included), every subcommand's help has a description and examples, the rules text is
in the package, and a local stats cluster listens on 127.0.0.1 only."""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest

from pyramid_solitaire.cli import build_parser, main
from pyramid_solitaire.engine.decks import deal_cards, format_deck
from pyramid_solitaire.engine.rules import FAMILY_SECTION, full_text
from pyramid_solitaire.engine.variants import get_variant
from pyramid_solitaire.research import cluster, dataset
from pyramid_solitaire.research.dataset import Series

BIN = Path(sys.executable).parent / "pyramid-solitaire"
SHARED_RULES = Path("/work/shared/RULES.md")


def wait_for(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.05)


def closed_reader(argv: list[str]) -> subprocess.CompletedProcess[str]:
    """Run a command whose reader has gone before it writes (as `| head -1` is, soon)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(argv, stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=300)
    finally:
        os.close(write_end)
    return done


def test_solve_is_quiet_when_its_reader_goes_away(tmp_path):
    decks = tmp_path / "decks.txt"
    decks.write_text("".join(format_deck(deal_cards(n)) + "\n" for n in range(50)))
    done = closed_reader([BIN, "solve", "--variant", "giza", "--deck-file", decks])
    assert (done.returncode, done.stderr) == (141, "")


@pytest.mark.slow  # 7 s at load 26 (pytest --durations, 1 Dec 2026)
def test_stats_summary_is_quiet_when_its_reader_goes_away(tmp_path):
    rows = dataset.table_of([0, 1], ["winnable", "unwinnable"], [28, -1], [5, 6], [0.1, 0.2], [False, False])
    dataset.write_chunk(str(tmp_path), Series("giza"), 0, 1, rows)
    done = closed_reader([BIN, "stats", "--summary", tmp_path])
    assert (done.returncode, done.stderr) == (141, "")


def test_ctrl_c_in_play_ends_with_130_and_no_traceback():
    play = subprocess.Popen(
        [BIN, "play", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # A run started in the background (`make test &`) inherits SIGINT ignored, and Python then
        # installs no Ctrl-C handler: give the child the default a terminal's process has.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert play.stdout is not None
        wait_for(lambda: play.stdout.read1(4096).endswith(b"> "), 60, "the prompt")
        play.send_signal(signal.SIGINT)
        # Wait with standard input still open: communicate() would close it, and a busy machine could
        # let the prompt read that end of file (exit 1) before the signal is handled (seen in CI).
        play.wait(timeout=60)
        err = play.stderr.read() if play.stderr else b""
    finally:
        play.kill()
    assert (play.returncode, err) == (130, b"\n")


@pytest.mark.slow  # 30 s at load 26 (pytest --durations, 1 Dec 2026)
def test_ctrl_c_in_stats_stops_the_workers_too_without_a_traceback(tmp_path):
    out = tmp_path / "rows"
    argv = [BIN, "stats", "--variant", "giza", "--deals", "0..3999", "--chunk", "10", "--jobs", "2"]
    run = subprocess.Popen(
        [*argv, "--out", out],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        text=True,
    )
    try:
        wait_for(lambda: len(list(out.glob("*.parquet"))) >= 2, 180, "two finished chunks")
        os.killpg(run.pid, signal.SIGINT)  # as a terminal's Ctrl-C: to the whole process group
        _, err = run.communicate(timeout=120)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 130
    assert "run again to resume" in err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err and "Error" not in err, err


def test_signals_are_handled_so_within_the_block_and_as_before_after_it():
    """cluster.signals_handled, the one signal context of a stats run (its stop and its workers)."""

    def stop(signum, frame):
        raise KeyboardInterrupt

    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    with pytest.raises(KeyboardInterrupt):
        with cluster.signals_handled({signal.SIGINT: signal.SIG_IGN, signal.SIGTERM: stop}):
            assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == (
                signal.SIG_IGN,
                stop,
            )
            raise KeyboardInterrupt  # as `stop` would: the block left by the stop
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before
    seen = []

    def elsewhere() -> None:  # only the main thread may set handlers: the block runs anyway
        with cluster.signals_handled({signal.SIGTERM: stop}):
            seen.append(signal.getsignal(signal.SIGTERM))

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert seen == [before[1]]


def subcommands() -> dict[str, object]:
    parser = build_parser()
    (sub,) = [a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction"]
    return dict(sub.choices)


@pytest.mark.parametrize("name", sorted(set(subcommands()) - {"serve"}))  # serve: the hosting helper's
def test_each_subcommands_help_has_a_description_and_examples(name):
    text = subcommands()[name].format_help()
    usage, _, rest = text.partition("\n\n")
    description = rest.partition("\n\n")[0]
    assert len(description) > 20 and not description.startswith(("positional", "options"))
    examples = text.partition("\nexamples:\n")[2].splitlines()
    assert examples and all(
        line.startswith(f"  pyramid-solitaire {name}") or "| pyramid-solitaire" in line for line in examples
    )


def test_the_rules_of_a_variant_come_from_the_package(capsys):
    assert main(["rules", "three-wastes"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("# Pyramid solitaire: the rules this project plays (Solitaire 13, three wastes)")
    assert "| `three-wastes` |" in shown and "Three-wastes: each draw deals" in shown
    assert "| `giza` |" not in shown and "## Move notation" in shown
    assert "RULES.md" not in "".join(sub.format_help() for sub in subcommands().values())


@pytest.mark.skipif(not SHARED_RULES.exists(), reason="the shared rules are this machine's")
def test_the_packaged_rules_are_the_shared_ones():
    """The shipped copy is the shared rules, then the family's section (issue 51) after them."""
    shipped, family, _ = full_text().partition("\n" + FAMILY_SECTION + "\n")
    assert family and shipped == SHARED_RULES.read_text(encoding="utf-8")


@pytest.mark.slow  # 36 s at load 26 (pytest --durations, 1 Dec 2026)
def test_a_local_stats_run_listens_on_127_0_0_1_only(tmp_path, monkeypatch, capsys):
    seen = []
    solve_missing = cluster.solve_missing

    def look_then_solve(client, *args, **kwargs):
        me = psutil.Process()
        for process in [me, *me.children(recursive=True)]:
            seen.extend((process.pid, c.status, c.laddr) for c in process.net_connections(kind="inet"))
        return solve_missing(client, *args, **kwargs)

    monkeypatch.setattr(cluster, "solve_missing", look_then_solve)
    assert main(["stats", "--variant", "giza", "--deals", "0..9", "--jobs", "2", "--out", str(tmp_path)]) == 0
    listening = [laddr for _, status, laddr in seen if status == psutil.CONN_LISTEN]
    assert len(listening) >= 5  # the scheduler, its dashboard, and each worker and its nanny
    assert {laddr.ip for _, _, laddr in seen} == {"127.0.0.1"}
    dashboard = capsys.readouterr().err
    assert "Dask dashboard: http://127.0.0.1:" in dashboard


@pytest.mark.slow  # 10 s at load 26 (pytest --durations, 1 Dec 2026)
def test_no_dashboard_means_none(tmp_path, capsys):
    assert (
        main(["stats", "--variant", "giza", "--deals", "0..9", "--no-dashboard", "--out", str(tmp_path)]) == 0
    )
    assert "dashboard" not in capsys.readouterr().err.lower()


def test_sigterm_ends_a_command_with_143_and_no_traceback():
    """kill (a supervisor's stop) and Ctrl-C told apart: 128 + SIGTERM, as a shell reports it."""
    play = subprocess.Popen(
        [BIN, "play", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        assert play.stdout is not None
        wait_for(lambda: play.stdout.read1(4096).endswith(b"> "), 60, "the prompt")
        play.send_signal(signal.SIGTERM)
        play.wait(timeout=60)  # standard input left open, as for Ctrl-C above
        err = play.stderr.read() if play.stderr else b""
    finally:
        play.kill()
    assert (play.returncode, err) == (143, b"")


@pytest.mark.parametrize(
    "module, extra", [("pyarrow", "research"), ("numpy", "research"), ("tqdm", "research")]
)
def test_a_command_without_its_extra_says_which_to_install(module, extra):
    """A base install (no [research]): the missing import simulated by a None in sys.modules."""
    run = f"import sys; sys.modules[{module!r}] = None; from pyramid_solitaire.cli import main; "
    run += "sys.exit(main(['stats', '--deals', '0..1', '--no-dashboard']))"
    done = subprocess.run([sys.executable, "-c", run], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        f"pyramid-solitaire stats: error: this command needs {module}, which the [{extra}] extra "
        f"installs: pip install 'pyramid-solitaire[{extra}]'\n"
    )


@pytest.mark.parametrize("named", ["original", "overlap", "unlimited"])
def test_the_rules_of_a_named_option_set(named, capsys):
    assert main(["rules", named]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith(
        f"# Pyramid solitaire: the rules this project plays ({get_variant(named).name_en})"
    )
    assert f"`{named}`: {get_variant(named).summary_en}" in shown and "| `pyramid` |" not in shown
