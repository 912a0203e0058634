#!/usr/bin/env python3
"""The differential harness: every case under Tests/wiremock/cases runs against `fscript mock` and, when Java and
the `wiremock` wheel's standalone jar are present, against the real WireMock 2.35.1 too, so a behaviour the mock
answers differently from WireMock shows up as a failing case instead of a user's test passing for the wrong reason.

    differential.py FSCRIPT_BIN [--only NAME_PART] [--no-wiremock]
    differential.py --oracle [--only NAME_PART]   (the cases against the jar alone, to check a new case)

A case file holds {"area": ..., "cases": [...]}; a case has a `name`, optional `stubs` (mappings POSTed to
/__admin/mappings first, each must answer 201), then `steps` (requests, to the admin API or not) each with an
`expect` (see `check`). `wiremock3: true` marks a WireMock 3 behaviour 2.35.1 lacks, and `deliberate: "why"` a place the
mock is stricter on purpose: the mock must meet the expectation, the jar may fail it. Tests/wiremock/known_differences.json lists the cases the mock still answers differently, each with
the reason (the README's compatibility table says the same). Exit: 0 all pass, 1 a case failed, 2 infrastructure.
"""
import glob, http.client, json, os, re, shutil, signal, socket, subprocess, sys, tempfile, time

from upstream import Upstream, closed_port_url

from expectations import check, dig, substitute

HERE = os.path.dirname(os.path.abspath(__file__))
# Filled in by main once the echo upstream listens; cases name it `{{upstream}}`.
UPSTREAM_URLS = {}
# The root folder both servers load (`mappings/`, `__files/`), set by main: `files` steps look into it.
ROOT = {}


def fatal(message, status=2):
    print("** ERROR: " + message, file=sys.stderr)
    sys.exit(status)


class Server:
    """One server under test (fscript mock or the WireMock jar) on 127.0.0.1 and a port the OS chose."""

    def __init__(self, name, argv, port_pattern, root, startup_seconds):
        self.name = name
        self.log = open(os.path.join(root, name + ".log"), "w+")
        self.process = subprocess.Popen(argv, stdout=self.log, stderr=subprocess.STDOUT, cwd=root,
                                        start_new_session=True)
        deadline = time.monotonic() + startup_seconds
        self.port = None
        while self.port is None:
            self.log.seek(0)
            found = re.search(port_pattern, self.log.read())
            if found:
                self.port = int(found.group(1))
            elif self.process.poll() is not None or time.monotonic() > deadline:
                self.log.seek(0)
                self.stop()
                fatal(f"{name} did not start within {startup_seconds} s: {self.log.read()[-2000:]}")
            else:
                # The server writes its port once it listens; a short poll of its log is the condition.
                time.sleep(0.05)
        self.wait_ready(deadline)

    def wait_ready(self, deadline):
        while True:
            try:
                status, _, _ = self.request("GET", "/__admin/mappings")
                if status == 200:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                fatal(f"{self.name} listens on {self.port} but its admin API does not answer")
            time.sleep(0.05)

    def request(self, method, path, headers=None, body=None, timeout=15):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            data = response.read()
            headers = {}
            for name, value in response.getheaders():
                key = name.lower()
                headers[key] = headers[key] + ", " + value if key in headers else value
            headers[":reason"] = response.reason  # the status line's reason phrase, for `reason` expectations
            return response.status, headers, data
        finally:
            connection.close()

    def raw(self, data, responses, timeout=10):
        """Sends `data` as it is on one connection (pipelined requests, odd methods) and returns what came back:
        everything read until `responses` status lines have arrived and the connection then stays quiet for
        0.5 s, or it closes, or `timeout` seconds pass."""
        got = b""
        deadline = time.monotonic() + timeout
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as connection:
            connection.sendall(data)
            while time.monotonic() < deadline:
                enough = len(re.findall(rb"HTTP/1\.1 \d{3}", got)) >= responses
                connection.settimeout(0.5 if enough else max(0.05, deadline - time.monotonic()))
                try:
                    chunk = connection.recv(65536)
                except socket.timeout:
                    if enough:
                        break
                    continue
                except OSError:
                    break
                if not chunk:
                    break
                got += chunk
        return got

    def stop(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def folder_document(folder):
    """What a `files` step checks: the mapping files the server wrote into the root's `folder` (both servers share
    the root), as {"count": N, "names": [...], "ids": [...], "mappings": [...]}, sorted by the mapping's URL."""
    path = os.path.join(ROOT["path"], folder)
    names = sorted(n for n in os.listdir(path) if n.endswith(".json")) if os.path.isdir(path) else []
    mappings = []
    for name in names:
        with open(os.path.join(path, name)) as handle:
            mappings.append(json.load(handle))
    mappings.sort(key=lambda m: json.dumps(m.get("request", {}), sort_keys=True))
    return {"count": len(names), "names": names, "ids": sorted(m.get("id", "") for m in mappings),
            "mappings": mappings}


def clear_mapping_files():
    """Removes the mapping files a case left in the shared root, before the next case's reset reads the folder, and
    the body files it wrote (a recording's extracted bodies) beside the harness's own."""
    folder = os.path.join(ROOT["path"], "mappings")
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))
    own = set(os.listdir(os.path.join(HERE, "files")))
    bodies = os.path.join(ROOT["path"], "__files")
    for name in os.listdir(bodies):
        if name not in own and os.path.isfile(os.path.join(bodies, name)):
            os.remove(os.path.join(bodies, name))


def run_step(server, step, variables):
    """Sends one step; returns (problems, status or 'fault'). A step with `raw` sends those bytes on a connection of
    its own (`responses`: how many answers to wait for) and checks everything that came back as the body. A step
    with `files` sends nothing: it checks the mapping files in that folder of the shared root (see
    `folder_document`) against its `expect`."""
    raw_expect = step.get("expect", {})
    if "raw" in step:
        data = server.raw(step["raw"].encode(), step.get("responses", 1))
        found = re.match(rb"HTTP/1\.1 (\d{3})", data)
        expect = substitute(raw_expect, variables)
        status = int(found.group(1)) if found else "fault"
        return [f"raw {step['raw'][:40]!r}: {p}" for p in check(expect, status, {}, data, 0)], status
    if "files" in step:
        data = json.dumps(folder_document(step["files"])).encode()
        expect = substitute(raw_expect, variables)
        return [f"files in {step['files']}: {p}" for p in check(expect, 200, {}, data, 0)], 200
    step = substitute(step, variables)
    headers = dict(step.get("headers", {}))
    body = step.get("body")
    if "json" in step:
        body = json.dumps(step["json"])
        headers.setdefault("Content-Type", "application/json")
    if isinstance(body, str):
        body = body.encode()
    if "bodyBase64" in step:
        import base64
        body = base64.b64decode(step["bodyBase64"])
    expect = step.get("expect", {})
    started = time.monotonic()
    try:
        status, answer_headers, data = server.request(step.get("method", "GET"), step["path"], headers, body)
    except (OSError, http.client.HTTPException) as error:
        if expect.get("fault"):
            return [], "fault"
        return [f"{step.get('method', 'GET')} {step['path']}: no answer ({type(error).__name__}: {error})"], "fault"
    if expect.get("fault"):
        return [f"{step['path']}: answered {status}, expected a fault"], status
    elapsed = (time.monotonic() - started) * 1000
    problems = []
    # Saved before the check, so an expectation may name a value of the same answer (`${var.scenario}-2`).
    for name, dotted in step.get("save", {}).items():
        try:
            variables[name] = dig(json.loads(data), dotted)
        except (ValueError, KeyError, IndexError, TypeError):
            problems.append(f"{step['path']}: cannot save {name} from {dotted} in {data[:200]!r}")
    expect = substitute(raw_expect, variables)
    problems += [f"{step.get('method', 'GET')} {step['path']}: {p}" for p in check(expect, status, answer_headers,
                                                                                  data, elapsed)]
    return problems, status


def with_upstream(value, urls):
    """`{{upstream}}` and `{{unreachable}}` in a case: the harness's echo server (`{{upstreamHost}}` its host:port),
    and a URL where nothing listens."""
    if isinstance(value, str):
        for name, url in urls.items():
            value = value.replace("{{" + name + "}}", url)
        return value
    if isinstance(value, list):
        return [with_upstream(v, urls) for v in value]
    if isinstance(value, dict):
        return {k: with_upstream(v, urls) for k, v in value.items()}
    return value


def run_case(server, case):
    """Resets the server, loads the case's stubs, runs its steps; returns (problems, statuses)."""
    clear_mapping_files()
    server.request("POST", "/__admin/reset")
    server.request("POST", "/__admin/scenarios/reset")
    if UPSTREAM_URLS:
        case = with_upstream(case, UPSTREAM_URLS)
    problems, statuses, variables = [], [], {}
    for index, stub in enumerate(case.get("stubs", [])):
        status, _, data = server.request("POST", "/__admin/mappings", {"Content-Type": "application/json"},
                                         json.dumps(stub).encode())
        if status != 201:
            return [f"stub {index} refused: {status} {data[:300].decode('utf-8', 'replace')}"], ["refused"]
    for step in case["steps"]:
        step_problems, status = run_step(server, step, variables)
        problems += step_problems
        statuses.append(status)
    return problems, statuses


def load_cases(only):
    cases = []
    for path in sorted(glob.glob(os.path.join(HERE, "cases", "*.json"))):
        with open(path) as handle:
            document = json.load(handle)
        for case in document["cases"]:
            case["area"] = document["area"]
            if only is None or only in case["name"]:
                cases.append(case)
    names = [c["name"] for c in cases]
    duplicates = {n for n in names if names.count(n) > 1}
    if duplicates:
        fatal(f"case names used twice: {sorted(duplicates)}")
    return cases


def find_jar():
    try:
        import wiremock
    except ImportError:
        return None
    jars = glob.glob(os.path.join(os.path.dirname(wiremock.__file__), "server", "wiremock-standalone-*.jar"))
    return jars[0] if jars else None


def make_root():
    root = tempfile.mkdtemp(prefix="wiremock-diff-")
    os.makedirs(os.path.join(root, "mappings"))
    shutil.copytree(os.path.join(HERE, "files"), os.path.join(root, "__files"))
    return root


def verdict(case, known, fscript, wiremock):
    """One line for a case and whether it fails the run."""
    name = case["name"]
    f_problems, f_statuses = fscript
    listed = known.get(name)
    if wiremock is None:
        if listed:
            return f"expected-diff (listed: {listed})", False
        return ("same" if not f_problems else "fscript fails: " + "; ".join(f_problems)), bool(f_problems)
    w_problems, w_statuses = wiremock
    if case.get("wiremock3") or case.get("deliberate"):
        w_problems = []  # WireMock 3 behaviour: 2.35.1 may lack it, the mock must have it.
        w_statuses = f_statuses
    differs = list(f_problems)
    if w_problems:
        differs.append("wiremock: " + "; ".join(w_problems))
    if not differs and f_statuses != w_statuses:
        differs.append(f"statuses fscript {f_statuses}, wiremock {w_statuses}")
    if listed:
        if not differs:
            return f"listed as a difference but same now: remove it from known_differences.json", True
        return f"expected-diff (listed: {listed})", False
    if differs:
        return "differs: " + "; ".join(differs), True
    return "same", False


def main():
    args = sys.argv[1:]
    if not args:
        fatal("usage: differential.py FSCRIPT_BIN [--only NAME_PART] [--no-wiremock]")
    oracle = args[0] == "--oracle"
    binary, only = args[0], None
    if "--only" in args:
        only = args[args.index("--only") + 1]
    with open(os.path.join(HERE, "known_differences.json")) as handle:
        known = json.load(handle)
    cases = load_cases(only)
    stale = sorted(set(known) - {c["name"] for c in load_cases(None)})
    if stale:
        fatal(f"known_differences.json names cases that do not exist: {stale}")
    jar = None if "--no-wiremock" in args else find_jar()
    java = shutil.which("java")
    root = make_root()
    ROOT["path"] = root
    servers = []
    upstream = Upstream()
    UPSTREAM_URLS.update(upstream=upstream.url, upstreamHost=upstream.url.split("//")[1], unreachable=closed_port_url())
    try:
        if not oracle:
            servers.append(Server("fscript", [os.path.abspath(binary), "mock", "--host", "127.0.0.1", "--port", "0",
                                              "--mappings", root], r"http://127\.0\.0\.1:(\d+)", root, 20))
        if jar and java:
            servers.append(Server("wiremock", [java, "-Xshare:auto", "-jar", jar, "--port", "0", "--bind-address",
                                               "127.0.0.1", "--root-dir", root, "--local-response-templating"],
                                  r"port:\s+(\d+)", root, 60))
        else:
            print("note: no java or no wiremock jar (scripts/install --test-deps): the mock runs alone")
        if oracle:
            return run_oracle(cases, servers[0])
        return run_all(cases, known, servers)
    finally:
        for server in servers:
            server.stop()
        upstream.stop()
        shutil.rmtree(root, ignore_errors=True)


def run_oracle(cases, wiremock):
    """Each case against the jar alone: a problem is a case whose expectation WireMock 2.35.1 does not meet."""
    failures = 0
    for case in cases:
        problems, _ = run_case(wiremock, case)
        mark = " (wiremock3)" if case.get("wiremock3") else (" (deliberate)" if case.get("deliberate") else "")
        print(f"{case['name']:<48} {'ok' if not problems else 'FAILS: ' + '; '.join(problems)}{mark}")
        failures += bool(problems) and not (case.get("wiremock3") or case.get("deliberate"))
    return 1 if failures else 0


def run_all(cases, known, servers):
    failures, tally = 0, {}
    for case in cases:
        outcomes = [run_case(server, case) for server in servers]
        line, failed = verdict(case, known, outcomes[0], outcomes[1] if len(outcomes) > 1 else None)
        failures += failed
        kind = "failed" if failed else ("listed" if line.startswith("expected-diff") else "same")
        area = tally.setdefault(case["area"], {"cases": 0, "same": 0, "listed": 0, "failed": 0})
        area["cases"] += 1
        area[kind] += 1
        print(f"{case['area']:<10} {case['name']:<48} {line}")
    total = {k: sum(a[k] for a in tally.values()) for k in ("cases", "same", "listed", "failed")}
    for name, area in sorted(tally.items()) + [("total", total)]:
        print(f"{name:<10} cases {area['cases']:>3}  same {area['same']:>3}  listed {area['listed']:>3}  "
              f"failed {area['failed']:>3}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
