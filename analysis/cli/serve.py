"""``stichfest serve``: the web page on a local address (needs the ``web`` extra)."""
from __future__ import annotations

import ipaddress
import socket

import click

from stichfest.analysis.errors import InputError
from stichfest.analysis.executor import available_cores

from ._io import user_errors


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True)
@click.option("--workers", type=click.IntRange(1, 256), default=None,
              help="Worker processes per analysis (default: all cores; 1: on a thread of the server).")
@click.option("--max-jobs", type=click.IntRange(1, 64), default=2, show_default=True,
              help="Analyses running at once; more are refused (HTTP 429).")
@user_errors
def serve(host: str, port: int, workers: int | None, max_jobs: int) -> None:
    """Serve the stichfest page: announce, open deal, review, Tout and puzzles.

    Open the address printed in a browser.  Stop with Ctrl-C.
    """
    try:
        import uvicorn

        from stichfest.analysis.web.app import create_app
    except ImportError:
        raise InputError("serve needs the web extra: pip install 'stichfest[web]'") from None
    sock = listening_socket(host, port)
    if not is_loopback(host):
        click.echo(f"stichfest: warning: listening on {host}: the page is then reachable from the network, "
                   "and anyone who reaches it can run analyses", err=True)
    app = create_app(workers=workers or available_cores(), max_jobs=max_jobs)
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"stichfest: serving on http://{shown}:{sock.getsockname()[1]}/  (Ctrl-C stops)")
    try:
        uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
    finally:
        # However the server ends (Ctrl-C, SIGTERM, an error), the running
        # analyses are cancelled: their threads stop at their next sample,
        # and Python waits for them before it exits.
        app.state.jobs.shutdown()


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` (0: any free port), or an
    :class:`InputError` of one line (port in use, unknown host).

    Bound here rather than by uvicorn, which reports these on its own log
    and exits with status 3; the address printed is then also the real one."""
    # As uvicorn binds: IPv6 for an address with a colon, else IPv4 ("localhost" is
    # then 127.0.0.1, and "" every interface).
    if not host.strip():
        raise InputError("--host needs an address (0.0.0.0 for every interface)")
    try:
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    except OSError as e:  # no IPv6 on this machine, no file descriptors left
        raise InputError(f"cannot listen on {host}: {e.strerror or e}") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart may reuse the port
        sock.bind((host, port))
        sock.listen(128)
    except socket.gaierror as e:
        sock.close()
        raise InputError(f"cannot listen on {host}: {e.strerror or e}") from None
    except OSError as e:
        sock.close()
        raise InputError(f"cannot listen on {host} port {port}: {e.strerror or e}") from None
    return sock
