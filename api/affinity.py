"""`nbc serve --pin-cpus`: keep each server process, and every thread in it, on a CPU
of its own.

Why: a server process hands every request's engine and database work to a thread
(`nbc.api.schema.off_loop`) and takes the answer back on its event loop. When the
operating system runs those two threads on different CPUs, every hand-over wakes the
other CPU and moves the request's data between the CPUs' caches; on a virtual machine
the wake-up itself is costly. The interpreter lock lets only one of the process's
threads run Python at a time anyway, so one CPU per process loses little parallel
work and saves those crossings (docs/api.md, "Speed", has the figures).

How: `nbc serve` makes a directory for the run and names it in NBC_PIN_DIR; each
server process (each of uvicorn's workers, or the one process) then claims the first
free slot in it by locking a file there, and pins itself to that slot's CPU: slot k
is the k-th CPU this process may use, round and round when there are more workers
than CPUs. A lock is held for the life of the process, so a worker that uvicorn
starts again in place of one that died takes the slot its predecessor left.

It is an option, off by default: a pinned process cannot move away from a CPU that
other work keeps busy, so it suits a machine that mostly serves.
"""

from __future__ import annotations

import fcntl
import itertools
import os
from pathlib import Path

PIN_DIR_VARIABLE = "NBC_PIN_DIR"

_held: list[int] = []  # the claimed slot's open file, kept for the life of the process


def can_pin() -> bool:
    """Whether this system lets a process choose its CPUs (Linux does)."""
    return hasattr(os, "sched_setaffinity") and os.path.isdir("/proc/self/task")


def claim_cpu(directory: Path) -> int:
    """Pin this process (every thread it has, and so every thread it will start) to the
    CPU of the first free slot in `directory`; return that CPU. Called once per
    server process, before it starts serving."""
    cpus = sorted(os.sched_getaffinity(0))
    for slot in itertools.count():  # ends at a free slot: each live process holds one
        try:
            descriptor = os.open(directory / f"slot-{slot}", os.O_CREAT | os.O_RDWR, 0o600)
        except OSError as error:
            raise RuntimeError(
                f"cannot claim a CPU in {directory} ({PIN_DIR_VARIABLE}): {error.strerror or error}; "
                "`nbc serve --pin-cpus` makes that directory itself"
            ) from error
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            continue
        _held.append(descriptor)
        cpu = cpus[slot % len(cpus)]
        for thread in os.listdir("/proc/self/task"):  # Linux sets one thread's CPUs per call
            os.sched_setaffinity(int(thread), {cpu})
        return cpu
    raise AssertionError("unreachable")


def pin_from_environment() -> int | None:
    """In a server process: claim a CPU when `nbc serve --pin-cpus` asked for it."""
    directory = os.environ.get(PIN_DIR_VARIABLE)
    if not directory or not can_pin():
        return None
    return claim_cpu(Path(directory))
