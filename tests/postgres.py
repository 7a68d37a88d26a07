"""A throwaway PostgreSQL server for the test session, and a fresh database on it per test.

The store's tests run against a real server, never a mock: with ``DATABASE_TEST_URL`` set
(a superuser's URL on a server you run) they use that one; otherwise the first test that needs
PostgreSQL starts a cluster of its own: ``initdb`` into a temporary directory, ``pg_ctl start``
listening on a Unix socket there only (no port taken on the machine), durability off (it dies
with the session), stopped and deleted at the end. PostgreSQL refuses to run as root, so as root
the server runs as the ``postgres`` system user that Debian's package creates.

When no server can be had, the tests that need one fail with the reason (never skip): a suite
that silently tests SQLite only would pass while the PostgreSQL driver is broken.
"""

from __future__ import annotations

import glob
import os
import pwd
import re
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from data.postgresql import without_password

TEST_URL_VARIABLE = "DATABASE_TEST_URL"
SERVER_USER = "postgres"
"""Who runs the server when the tests run as root (and the superuser's name in our cluster)."""


class ServerError(Exception):
    """No PostgreSQL server could be had; ``str()`` says why and what to do."""


def find_bindir() -> Path:
    """Where ``initdb`` and ``pg_ctl`` are: on PATH, where ``pg_config`` says, or in Debian's
    ``/usr/lib/postgresql/<version>/bin`` (newest first), which is not on PATH."""
    candidates: list[Path] = []
    if (initdb := shutil.which("initdb")) is not None:
        candidates.append(Path(initdb).resolve().parent)
    if (pg_config := shutil.which("pg_config")) is not None:
        found = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=False)
        if found.returncode == 0:
            candidates.append(Path(found.stdout.strip()))
    debian = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True
    )
    candidates += [Path(p) for p in debian]
    for bindir in candidates:
        if (bindir / "initdb").is_file() and (bindir / "pg_ctl").is_file():
            return bindir
    raise ServerError(
        "PostgreSQL's initdb and pg_ctl were not found (not on PATH, not from pg_config --bindir, "
        f"not in /usr/lib/postgresql/*/bin): install PostgreSQL (apt-get install postgresql) or set "
        f"{TEST_URL_VARIABLE} to a server's superuser URL"
    )


class Cluster:
    """A PostgreSQL cluster in a temporary directory, reached through its Unix socket.

    ``durable=False`` (the tests) skips flushing to disk, which a throwaway server does not need;
    a benchmark comparing it with SQLite wants ``durable=True``, PostgreSQL's defaults."""

    def __init__(self, durable: bool = False) -> None:
        self.durable = durable
        self.bindir = find_bindir()
        self._as_server_user: list[str] = []
        owner: pwd.struct_passwd | None = None
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam(SERVER_USER)
            except KeyError:
                raise ServerError(
                    f"the tests run as root, which PostgreSQL refuses to run as, and there is no "
                    f"{SERVER_USER!r} user to run it as: create one (Debian's postgresql package does)"
                ) from None
            self._as_server_user = ["runuser", "-u", SERVER_USER, "--"]
        self.root = Path(tempfile.mkdtemp(prefix="gamenight-pg-"))
        if owner is not None:
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.url = urlunsplit(("postgresql", f"{SERVER_USER}@", "/postgres", f"host={self.root}", ""))

    def _run(self, program: str, *args: str) -> None:
        command = [*self._as_server_user, str(self.bindir / program), *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise ServerError(
                f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[-2000:]}\n{log}"
            )

    def start(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", SERVER_USER, "--auth=trust", "-E", "UTF8",
                  "--no-locale", "--no-sync", *self._linguistic_order())  # fmt: skip
        options = f"-k {self.root} -c listen_addresses='' -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "-t", "60", "start"
        )

    def _linguistic_order(self) -> list[str]:
        """initdb's options for databases that sort text as people of a language do (ICU's
        en-US), as a real deployment's usually do: the store must answer in the same order as
        on SQLite all the same. ICU is built into PostgreSQL (Debian's, Ubuntu's, Homebrew's;
        15 and later can make it the default), so no operating-system locale is needed; older
        servers sort by bytes."""
        version = subprocess.run([str(self.bindir / "initdb"), "--version"], capture_output=True, text=True)
        major = re.search(r"(\d+)", version.stdout)
        if major is None or int(major.group(1)) < 15:
            return []
        return ["--locale-provider=icu", "--icu-locale=en-US"]

    def stop(self) -> None:
        """Stop the server (no need to be gentle: it is thrown away) and delete its files."""
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


class Server:
    """The session's PostgreSQL server, started on first use (SQLite-only runs never start it)."""

    def __init__(self, durable: bool = False) -> None:
        self._durable = durable
        self._cluster: Cluster | None = None
        self._url = os.environ.get(TEST_URL_VARIABLE) or None
        self._failure: str | None = None

    @property
    def admin_url(self) -> str:
        """A superuser's URL; :class:`ServerError` if no server could be started."""
        if self._url is None:
            if self._failure is None:
                try:
                    self._cluster = Cluster(self._durable)
                    self._cluster.start()
                    self._url = self._cluster.url
                except (ServerError, OSError, subprocess.SubprocessError) as exc:
                    self._failure = f"cannot start a throwaway PostgreSQL server for the tests: {exc}"
            if self._failure is not None:
                raise ServerError(self._failure)
            assert self._url is not None
        return self._url

    def stop(self) -> None:
        if self._cluster is not None:
            self._cluster.stop()

    async def create_database(self) -> str:
        """A new empty database's URL; :class:`ServerError` if the server refuses."""
        name = f"gamenight_test_{uuid.uuid4().hex[:16]}"
        try:
            conn = await asyncpg.connect(self.admin_url)
            try:
                await conn.execute(f'CREATE DATABASE "{name}"')
            finally:
                await conn.close()
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as exc:
            raise ServerError(
                f"cannot create a test database on {without_password(self.admin_url)}: {exc}"
            ) from exc
        return urlunsplit(urlsplit(self.admin_url)._replace(path=f"/{name}"))

    async def drop_database(self, url: str) -> None:
        name = urlsplit(url).path.lstrip("/")
        conn = await asyncpg.connect(self.admin_url)
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()
