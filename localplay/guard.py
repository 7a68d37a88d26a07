"""Who may use the local page: the person at this computer, through the address it printed.

The page acts as any member of the offline server and shows their private panels, so any
website the person happens to visit while local play runs must not be able to drive it: a page
elsewhere can post to ``127.0.0.1`` (a form or ``fetch`` with a ``text/plain`` body needs no
permission), open a WebSocket to it, or point a name of its own at ``127.0.0.1`` (DNS rebinding)
and read the answers as its own. Development servers on a person's computer close these doors
the same way (Jupyter, for one):

- the ``Host`` a request names must be the page's own: a loopback name (``localhost``,
  ``127.0.0.1``, ``[::1]``) or the ``--host`` it was given, with the port it listens on; a
  rebinding page's requests name its own host;
- a request that changes something (a ``POST``) and the live WebSocket's handshake must come
  from the page's own origin when the browser says where it comes from (browsers always do for
  those, across sites);
- an action's body must be ``application/json``, which no page elsewhere can send without
  asking first;
- bound off loopback (``--host 0.0.0.0``), the page is open to anyone on the network: it then
  also needs the secret key printed in its address (kept in a cookie once the page is opened).
"""

import hmac
import secrets
from collections.abc import Awaitable, Callable
from typing import Final

from aiohttp import web

LOOPBACK_NAMES: Final = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})
"""The names of this computer a browser uses for a loopback address."""
KEY_COOKIE: Final = "gamenight_key"
"""The cookie the page's secret key is kept in once the printed address was opened."""
CHANGES: Final = frozenset({"POST", "PUT", "PATCH", "DELETE"})

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def new_key() -> str:
    """A secret for a page open to the network, to print in its address."""
    return secrets.token_urlsafe(18)


def refused(status: int, reason: str) -> web.Response:
    """A refusal in the page's own shape, with its reason."""
    return web.json_response({"ok": False, "error": reason}, status=status)


class Guard:
    """The page's checks (see the module's note); :meth:`check` is the middleware."""

    def __init__(self, host: str, *, key: str | None = None) -> None:
        """``host``: the address the page listens on (``--host``); ``key``: the secret a page
        open to the network needs (None: a loopback page, which needs none)."""
        names = set(LOOPBACK_NAMES)
        if host not in ("", "0.0.0.0", "::"):
            names.add(f"[{host}]" if ":" in host and not host.startswith("[") else host)
        self._names = frozenset(name.lower() for name in names)
        self._key = key

    @web.middleware
    async def check(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """The middleware: each request checked before its handler, refused with its reason."""
        if self._key is None and not self._own_host(request):
            return refused(403, "this page answers only at its own address (127.0.0.1 or localhost)")
        keyed = self._key is not None and hmac.compare_digest(request.query.get("key", ""), self._key)
        if self._key is not None and not (keyed or self._has_key_cookie(request)):
            return refused(403, "this page needs the address printed when local play started (with its key)")
        live = request.path == "/api/live"
        if (request.method in CHANGES or live) and not self._own_origin(request):
            return refused(403, "a request from another website is refused")
        if request.method in CHANGES and request.content_type != "application/json":
            return refused(415, "an action's body must be JSON (application/json)")
        response = await handler(request)
        if keyed and self._key is not None:
            response.set_cookie(KEY_COOKIE, self._key, httponly=True, samesite="Strict")
        return response

    def _own_host(self, request: web.Request) -> bool:
        """Whether the request names the page's own host and the port it listens on."""
        host = request.host
        if host.endswith("]") or ":" not in host:  # no port given: the scheme's own
            name, port = host, "80"
        else:
            name, _, port = host.rpartition(":")
        sockname = request.transport.get_extra_info("sockname") if request.transport else None
        listening = str(sockname[1]) if sockname else port
        return name.lower() in self._names and port == listening

    def _has_key_cookie(self, request: web.Request) -> bool:
        return self._key is not None and hmac.compare_digest(request.cookies.get(KEY_COOKIE, ""), self._key)

    @staticmethod
    def _own_origin(request: web.Request) -> bool:
        """Whether the request comes from the page itself: no ``Origin`` (not a browser's
        cross-site request), or the page's own scheme and host."""
        origin = request.headers.get("Origin")
        return origin is None or origin == f"{request.scheme}://{request.host}"
