"""The backend that proxying cases forward to: an HTTP server on 127.0.0.1 and a port the OS chose, run by the
harness in a thread, that answers every request with a JSON echo of it (method, path, headers, body), so a case can
check what the mock (or WireMock) sent on. `/status/NNN` anywhere in the path answers with that status, and every
answer has `X-Upstream: echo`, so a case can tell a proxied answer from a stub's."""
import json, re, socket, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class EchoHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode("utf-8", "replace") if length else ""
        headers = {}
        for name, value in self.headers.items():
            key = name.lower()
            headers[key] = headers[key] + ", " + value if key in headers else value
        document = {"method": self.command, "path": self.path, "headers": headers, "body": body}
        data = json.dumps(document, sort_keys=True).encode()
        found = re.search(r"/status/(\d{3})", self.path)
        self.send_response(int(found.group(1)) if found else 200)
        self.send_header("Content-Type", "application/json")
        self.send_header("X-Upstream", "echo")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = answer

    def log_message(self, *args):
        pass  # the harness prints per case, not per request


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # a client closing a kept connection is no problem of a case's; the case checks its own answers


class Upstream:
    def __init__(self):
        self.server = QuietServer(("127.0.0.1", 0), EchoHandler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


def closed_port_url():
    """A URL on 127.0.0.1 where nothing listens: a port the OS gave and took back at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"
