"""`nbc serve --pin-cpus`: every server process, with every thread it has, on one CPU;
the processes of one server on different CPUs while there are CPUs to go round."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

from nbc.api.affinity import PIN_DIR_VARIABLE, can_pin, pin_from_environment
from nbc.api.devserver import running_server

pytestmark = pytest.mark.skipif(not can_pin(), reason="choosing a process's CPUs needs Linux")

# A process that starts a thread, claims a CPU, prints the CPUs of each of its threads,
# and holds its claim until its standard input closes.
CLAIMANT = textwrap.dedent(
    """
    import os, sys, threading
    from pathlib import Path
    from nbc.api.affinity import claim_cpu
    stop = threading.Event()
    threading.Thread(target=stop.wait, daemon=True).start()  # started before the claim
    cpu = claim_cpu(Path(sys.argv[1]))
    threads = [sorted(os.sched_getaffinity(int(t))) for t in os.listdir("/proc/self/task")]
    print(cpu, len(threads), all(t == [cpu] for t in threads), flush=True)
    sys.stdin.read()
    """
)


def _claimant(directory: Path) -> tuple[subprocess.Popen, tuple[int, int, bool]]:
    process = subprocess.Popen(
        [sys.executable, "-c", CLAIMANT, str(directory)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    cpu, threads, together = process.stdout.readline().split()
    return process, (int(cpu), int(threads), together == "True")


def _release(process: subprocess.Popen) -> None:
    assert process.stdin is not None
    process.stdin.close()
    assert process.wait(timeout=30) == 0


def test_processes_claim_slots_in_turn_and_a_freed_slot_is_taken_again(tmp_path):
    cpus = sorted(os.sched_getaffinity(0))
    first, second, third = (_claimant(tmp_path) for _ in range(3))
    assert [claim for _, claim in (first, second, third)] == [
        (cpus[0], 2, True),
        (cpus[1 % len(cpus)], 2, True),
        (cpus[2 % len(cpus)], 2, True),
    ]
    _release(first[0])  # its lock goes with it: slot 0 is free again
    fourth = _claimant(tmp_path)
    assert fourth[1] == (cpus[0], 2, True)
    for process in (second[0], third[0], fourth[0]):
        _release(process)


def test_without_the_variable_nothing_is_pinned(monkeypatch):
    monkeypatch.delenv(PIN_DIR_VARIABLE, raising=False)
    before = os.sched_getaffinity(0)
    assert pin_from_environment() is None
    assert os.sched_getaffinity(0) == before


def _children(parent: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == parent:
                found.append(int(entry))
    return found


def _cpus_of_every_thread(pid: int) -> set[frozenset[int]]:
    return {frozenset(os.sched_getaffinity(int(t))) for t in os.listdir(f"/proc/{pid}/task")}


def test_nbc_serve_pins_each_worker_to_a_cpu_of_its_own_and_cleans_up(tmp_path, monkeypatch):
    cpus = sorted(os.sched_getaffinity(0))
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))  # where `nbc serve` makes its directory of claims
    tempfile.tempdir = None  # read TMPDIR again in this process too
    try:
        with running_server(f"sqlite:///{tmp_path / 'nbc.db'}", workers=2, pin_cpus=True) as base_url:
            assert base_url.startswith("http://127.0.0.1:")
            port = base_url.rsplit(":", 1)[1]
            servers = [
                pid
                for pid in map(int, filter(str.isdigit, os.listdir("/proc")))
                if _cmdline(pid).count(port) and "--pin-cpus" in _cmdline(pid)
            ]
            assert len(servers) == 1, servers
            workers = [pid for pid in _children(servers[0]) if "spawn_main" in _cmdline(pid)]
            pinned = [_cpus_of_every_thread(pid) for pid in workers]
            assert len(pinned) == 2, pinned
            assert all(len(each) == 1 and len(next(iter(each))) == 1 for each in pinned), pinned
            assert {next(iter(each)) for each in pinned} == {
                frozenset({cpus[0]}),
                frozenset({cpus[1 % len(cpus)]}),
            }
            assert [p.name for p in scratch.iterdir() if p.name.startswith("nbc-cpus-")]
        assert not [p for p in scratch.iterdir() if p.name.startswith("nbc-cpus-")]
    finally:
        tempfile.tempdir = None


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def test_a_missing_directory_of_claims_is_named_in_the_error(tmp_path, monkeypatch):
    monkeypatch.setenv(PIN_DIR_VARIABLE, str(tmp_path / "gone"))
    before = os.sched_getaffinity(0)
    with pytest.raises(RuntimeError, match="cannot claim a CPU in .*gone"):
        pin_from_environment()
    assert os.sched_getaffinity(0) == before
