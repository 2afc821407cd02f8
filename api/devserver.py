"""A real `nbc serve` process on a loopback port, for tests and benchmarks that need
one (a client over the network, a server restarted on the same database, ...).

    with running_server(f"sqlite:///{tmp_path / 'nbc.db'}") as base_url:
        httpx.get(f"{base_url}/healthz")
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import httpx

from nbc.core.errors import NbcError


class ServerError(NbcError):
    """The server would not start or answer."""


def free_port() -> int:
    """A loopback port that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def nbc_command() -> str:
    """The `nbc` script of the running interpreter's environment."""
    beside = Path(sys.executable).parent / "nbc"
    found = str(beside) if beside.exists() else shutil.which("nbc")
    if found is None:
        raise RuntimeError("no `nbc` command: install nbc-rules (pip install -e .) first")
    return found


@contextmanager
def running_server(
    database_url: str,
    *,
    port: int | None = None,
    workers: int = 1,
    startup_timeout: float = 30.0,
    env: dict[str, str] | None = None,
    pin_cpus: bool = False,
) -> Iterator[str]:
    """Start `nbc serve` on 127.0.0.1, wait until /healthz answers, yield its base
    URL (http://127.0.0.1:PORT, no trailing slash), and stop it on the way out,
    whatever happened. Pass the same `port` again to restart a server in place;
    `env` adds variables such as NBC_SNAPSHOT_EVERY (inherited NBC_* ones are dropped);
    `pin_cpus` passes --pin-cpus."""
    port = port or free_port()
    base_url = f"http://127.0.0.1:{port}"
    command = [
        nbc_command(),
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--database",
        database_url,
        "--log-level",
        "warning",
    ] + (["--pin-cpus"] if pin_cpus else [])
    environment = {k: v for k, v in os.environ.items() if not k.startswith("NBC_")} | (env or {})
    with tempfile.TemporaryFile("w+") as log:
        # Its own process group, so that the workers of --workers N go down with it.
        process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, env=environment, start_new_session=True
        )
        try:
            _wait_until_healthy(process, base_url, startup_timeout, log)
            yield base_url
        finally:
            _stop(process)


def _wait_until_healthy(process: subprocess.Popen, base_url: str, timeout: float, log) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServerError(f"nbc serve exited with {process.returncode}:\n{_read(log)}")
        try:
            if httpx.get(f"{base_url}/healthz", timeout=1.0).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise ServerError(f"nbc serve did not answer {base_url}/healthz within {timeout:g}s:\n{_read(log)}")


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
    # Any worker left behind is in the group this server started, and only those.
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)


def _read(log) -> str:
    log.seek(0)
    return log.read()[-4000:]
