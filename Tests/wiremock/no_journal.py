#!/usr/bin/env python3
"""The admin API with WireMock's `--no-request-journal`, held against the real jar: both servers start with the flag
(and a root with one stub), take the same requests, and each journal route must answer the same status, and for a
JSON answer the same document (`count` -1, `find` and `unmatched` empty with `requestJournalDisabled`), a 500 saying
the journal is disabled where WireMock answers one. The case list in differential.py cannot hold this: its servers
start with a journal.

    no_journal.py FSCRIPT_BIN          (the jar too when Java and the `wiremock` wheel are present)
    no_journal.py --oracle             (the expectations against the jar alone)

Exit: 0 the same, 1 a difference, 2 infrastructure.
"""
import json, os, shutil, sys, tempfile

from differential import Server, fatal, find_jar

ID = "5c1f5a5e-0000-4000-8000-000000000000"
PATTERN = json.dumps({"method": "GET", "url": "/x"})
# (method, path, body, expected status, expected JSON document or None for a 500 whose text names the cause)
STEPS = [
    ("GET", "/__admin/requests", None, 500, None),
    ("GET", "/__admin/requests/unmatched", None, 200, {"requests": [], "requestJournalDisabled": True}),
    ("POST", "/__admin/requests/count", PATTERN, 200, {"count": -1, "requestJournalDisabled": True}),
    ("POST", "/__admin/requests/find", PATTERN, 200, {"requests": [], "requestJournalDisabled": True}),
    ("POST", "/__admin/requests/remove", PATTERN, 500, None),
    ("GET", "/__admin/requests/unmatched/near-misses", None, 500, None),
    ("POST", "/__admin/near-misses/request-pattern", PATTERN, 500, None),
    ("GET", "/__admin/requests/" + ID, None, 500, None),
    ("DELETE", "/__admin/requests", None, 200, "any"),
    ("POST", "/__admin/requests/reset", None, 200, "any"),
]


def check(server):
    """The problems of one server against STEPS, after a stubbed and an unmatched request."""
    problems = []
    for path in ("/x", "/nothing"):
        server.request("GET", path)
    for method, path, body, status, document in STEPS:
        got, _, data = server.request(method, path, {"Content-Type": "application/json"} if body else None, body)
        where = f"{method} {path}"
        if got != status:
            problems.append(f"{where}: status {got}, expected {status}")
        elif document is None and b"request journal is disabled" not in data:
            problems.append(f"{where}: the 500 does not say the journal is disabled: {data[:200]!r}")
        elif isinstance(document, dict) and json.loads(data) != document:
            problems.append(f"{where}: {data.decode()!r}, expected {json.dumps(document)}")
    # The stub still answers, and nothing was kept.
    got, _, data = server.request("GET", "/x")
    if (got, data) != (200, b"x"):
        problems.append(f"GET /x: {got} {data!r}")
    return problems


def main():
    args = sys.argv[1:]
    if not args:
        fatal("usage: no_journal.py FSCRIPT_BIN | --oracle")
    root = tempfile.mkdtemp(prefix="wiremock-nojournal-")
    os.makedirs(os.path.join(root, "mappings"))
    os.makedirs(os.path.join(root, "__files"))
    with open(os.path.join(root, "mappings", "x.json"), "w") as handle:
        json.dump({"request": {"method": "GET", "url": "/x"}, "response": {"body": "x"}}, handle)
    servers = []
    try:
        if args[0] != "--oracle":
            servers.append(Server("fscript", [os.path.abspath(args[0]), "mock", "--port", "0", "--root-dir", root,
                                              "--no-request-journal"], r"http://127\.0\.0\.1:(\d+)", root, 20))
        jar, java = find_jar(), shutil.which("java")
        if jar and java:
            servers.append(Server("wiremock", [java, "-Xshare:auto", "-jar", jar, "--port", "0", "--bind-address",
                                               "127.0.0.1", "--root-dir", root, "--no-request-journal"],
                                  r"port:\s+(\d+)", root, 60))
        elif args[0] == "--oracle":
            fatal("--oracle needs java and the wiremock wheel's jar (scripts/install --test-deps)")
        else:
            print("note: no java or no wiremock jar (scripts/install --test-deps): the mock runs alone")
        failed = False
        for server in servers:
            problems = check(server)
            print(f"{server.name}: {len(STEPS)} journal routes, " + ("same as expected" if not problems else
                                                                    "; ".join(problems)))
            failed = failed or bool(problems)
        return 1 if failed else 0
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
