"""One window per data folder: a second start brings the first window forward instead of opening a second view.

A double tap on the icon starts refapp twice; two windows over one data folder each keep their own view of the
table, and the stale one would store a ruling after the other did. The first instance listens on a local socket
(``QLocalServer``) named after the data folder; a second start asks it to come forward and exits with one line. If the
first does not answer (frozen, or still opening a huge database), the second says so and exits. The store's own
writer lock stays the last guard (another user, another machine on a shared folder); this is the friendly layer in
front of it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QCryptographicHash, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket
from PySide6.QtWidgets import QWidget

Claim = Literal["first", "forwarded", "not answering"]
_HELLO = b"refapp: come forward\n"


def server_name(folder: Path) -> str:
    """The socket name for a data folder: its real path (links resolved), hashed, and the user."""
    real = os.path.normcase(os.path.realpath(folder))
    sha = QCryptographicHash.hash(real.encode("utf-8", "surrogateescape"), QCryptographicHash.Algorithm.Sha256)
    digest = bytes(sha.toHex().data()).decode("ascii")[:20]  # Qt's hash: Python's hashlib loads OpenSSL (4 ms)
    user = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    return f"refapp-{user}-{digest}"


class SingleInstance(QObject):
    """The data folder's instance guard. :meth:`claim` once at start; keep the object for the app's lifetime."""

    activated = Signal()  # a second start asked this instance to come forward

    def __init__(self, folder: Path, parent: QObject | None = None):
        super().__init__(parent)
        self.name = server_name(folder)
        self.server: QLocalServer | None = None
        self.window: Callable[[], QWidget | None] | None = None  # the window to bring forward
        self.message: QWidget | None = None  # the "not answering" message, kept while it is shown
        self._peers: list[QLocalSocket] = []

    def claim(self, wait_ms: int = 5000) -> Claim:
        """``first`` (this instance now holds the folder), ``forwarded`` (the running one was asked to come
        forward: exit), or ``not answering`` (one is running but did not answer within ``wait_ms``)."""
        for _ in range(2):
            answer = self._ask(wait_ms)
            if answer is not None:
                return answer
            server = QLocalServer(self)
            server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
            if server.listen(self.name):
                self._serve(server)
                return "first"
            # the name is taken: by an instance that started meanwhile (ask again), or left by a crash (stale)
            if self._ask(wait_ms) is None:
                QLocalServer.removeServer(self.name)
                if server.listen(self.name):
                    self._serve(server)
                    return "first"
        return "first"  # no socket to be had (e.g. no temporary folder): the store's lock still guards the data

    def _ask(self, wait_ms: int) -> Claim | None:
        """Ask a running instance to come forward; None when none is listening."""
        sock = QLocalSocket()
        sock.connectToServer(self.name)
        if not sock.waitForConnected(500):
            return None
        sock.write(_HELLO)
        sock.flush()
        answered = sock.waitForReadyRead(wait_ms) and bytes(sock.readAll().data()).startswith(b"ok")
        sock.abort()
        return "forwarded" if answered else "not answering"

    def _serve(self, server: QLocalServer) -> None:
        self.server = server
        server.newConnection.connect(self._accept)

    def _accept(self) -> None:
        while self.server is not None and self.server.hasPendingConnections():
            sock = self.server.nextPendingConnection()
            self._peers.append(sock)
            sock.readyRead.connect(lambda s=sock: self._answer(s))
            sock.disconnected.connect(lambda s=sock: self._forget(s))

    def _answer(self, sock: QLocalSocket) -> None:
        if not bytes(sock.readAll().data()).startswith(_HELLO.strip()):
            sock.abort()
            return
        sock.write(f"ok {os.getpid()}\n".encode())
        sock.flush()
        self.bring_forward()
        self.activated.emit()

    def _forget(self, sock: QLocalSocket) -> None:
        if sock in self._peers:
            self._peers.remove(sock)
        sock.deleteLater()

    def bring_forward(self) -> None:
        window = self.window() if self.window is not None else None
        if window is None:
            return
        if window.isMinimized():
            window.showNormal()
        window.show()
        window.raise_()
        window.activateWindow()

    def release(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None
