"""The SMTP connection: a whole sending's deadline (:class:`Watchdog`), and a connection that
knows when an email's end of data goes out (:class:`Session`), the moment its delivery
becomes uncertain until the server answers."""

from __future__ import annotations

import contextlib
import smtplib
import socket
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer


class Watchdog:
    """The whole sending's deadline: when it passes, every watched connection is shut down.

    Per-step socket timeouts stop a silent server; this stops one that answers a byte at a
    time. The connection is shut down through a duplicate of its socket, which also interrupts
    a TLS handshake under way.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expired = False
        self._until = time.monotonic() + seconds
        self._guard = threading.Lock()
        self._watched: list[socket.socket] = []
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True
        self._timer.start()

    def remaining(self) -> float:
        """Seconds left before the deadline."""
        return max(0.0, self._until - time.monotonic())

    def watch(self, sock: socket.socket) -> None:
        """Shut ``sock``'s connection down at the deadline (at once if it has passed)."""
        duplicate = sock.dup()
        with self._guard:
            self._watched.append(duplicate)
            if self.expired:
                _shut(duplicate)

    def _expire(self) -> None:
        with self._guard:
            self.expired = True
            for sock in self._watched:
                _shut(sock)

    def stop(self) -> None:
        """Cancel the deadline and let go of the watched sockets."""
        self._timer.cancel()
        with self._guard:
            for sock in self._watched:
                sock.close()
            self._watched.clear()


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):  # already closed
        sock.shutdown(socket.SHUT_RDWR)


class Session(smtplib.SMTP):
    """An SMTP connection whose socket the watchdog can shut down, and which knows when the
    end of an email's data goes out (its delivery is then uncertain until the server
    confirms it): ``before_data_end`` is called just before (it records the email as being
    sent: :attr:`in_doubt` from then on), and ``data_unsent`` when the data could not all go
    out after all (the end never reached the server). When ``before_data_end`` fails, the
    server is left waiting in the middle of the data (:attr:`mid_data`: no QUIT then)."""

    watchdog: Watchdog | None = None
    _host: str  # smtplib's: the name STARTTLS checks the certificate against
    in_doubt = False
    mid_data = False
    before_data_end: Callable[[], None] | None = None
    data_unsent: Callable[[], None] | None = None

    def send(self, s: ReadableBuffer | str) -> None:
        ending = isinstance(s, bytes) and s.endswith(b"\r\n.\r\n")  # an email's last bytes
        if ending and self.before_data_end is not None:
            try:
                self.before_data_end()
            except BaseException:
                self.mid_data = True
                raise
            self.in_doubt = True
        try:
            super().send(s)
        except smtplib.SMTPServerDisconnected:  # smtplib's sendall failed: not all went out
            if ending and self.in_doubt and self.data_unsent is not None:
                with contextlib.suppress(OSError):  # else it stays in doubt: never sent twice
                    self.data_unsent()
                    self.in_doubt = False
            raise
        except BaseException:  # Ctrl-C while the data goes out: the server may wait for more
            self.mid_data = self.mid_data or ending
            raise

    def _get_socket(self, host: str, port: int, timeout: float) -> socket.socket:
        # smtplib's own hook (SMTP_SSL and LMTP override it too); typeshed leaves it out
        sock: socket.socket = super()._get_socket(host, port, timeout)  # type: ignore[misc]
        if self.watchdog is not None:
            self.watchdog.watch(sock)
        return sock


class SessionTLS(smtplib.SMTP_SSL, Session):
    """The same, with TLS from the start (port 465); the plain socket is watched."""
