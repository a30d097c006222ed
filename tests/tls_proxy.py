"""A TLS-terminating proxy for tests: what a corporate middlebox between client and appliance
sees. It accepts the client's TLS with a certificate the client trusts, opens its own mTLS
connection to the appliance, and relays the bytes, keeping a copy of every plaintext byte."""

from __future__ import annotations

import asyncio
import ssl
import threading
from pathlib import Path


class RecordingTlsProxy:
    """Listens on 127.0.0.1:<port>; `seen` holds all decrypted bytes both ways."""

    port: int

    def __init__(
        self,
        upstream_port: int,
        *,
        ca: Path,
        server_certificate: Path,
        server_key: Path,
        client_certificate: Path,
        client_key: Path,
    ) -> None:
        self._upstream_port = upstream_port
        self._server = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self._server.load_cert_chain(str(server_certificate), str(server_key))
        self._server.load_verify_locations(str(ca))
        self._server.verify_mode = ssl.CERT_REQUIRED
        self._server.set_alpn_protocols(["h2"])
        self._client = ssl.create_default_context(cafile=str(ca))
        self._client.load_cert_chain(str(client_certificate), str(client_key))
        self._client.set_alpn_protocols(["h2"])
        self._lock = threading.Lock()
        self._seen = bytearray()
        # One event loop thread: an SSL connection must not be driven from two threads.
        self._loop = asyncio.new_event_loop()
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True).start()
        ready.wait(10)

    @property
    def seen(self) -> bytes:
        with self._lock:
            return bytes(self._seen)

    def close(self) -> None:
        self._loop.call_soon_threadsafe(self._server_handle.close)

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        self._server_handle = self._loop.run_until_complete(
            asyncio.start_server(self._relay, "127.0.0.1", 0, ssl=self._server)
        )
        self.port = self._server_handle.sockets[0].getsockname()[1]
        ready.set()
        self._loop.run_forever()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(
                "127.0.0.1", self._upstream_port, ssl=self._client, server_hostname="localhost"
            )
        except OSError:
            writer.close()
            return
        await asyncio.gather(
            self._pump(reader, up_writer), self._pump(up_reader, writer), return_exceptions=True
        )

    async def _pump(self, source: asyncio.StreamReader, target: asyncio.StreamWriter) -> None:
        try:
            while data := await source.read(65536):
                with self._lock:
                    self._seen.extend(data)
                target.write(data)
                await target.drain()
        finally:
            target.close()
