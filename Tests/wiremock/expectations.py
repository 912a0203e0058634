"""What the differential harness expects of one answer (see `check`), and the small JSON helpers cases use:
`${var.NAME}` substitution of values saved from earlier answers, dotted paths into a document, JSON subsets."""
import json, re


def substitute(value, variables):
    if isinstance(value, str):
        return re.sub(r"\$\{var\.(\w+)\}", lambda m: str(variables.get(m.group(1), m.group(0))), value)
    if isinstance(value, list):
        return [substitute(v, variables) for v in value]
    if isinstance(value, dict):
        return {k: substitute(v, variables) for k, v in value.items()}
    return value


def dig(value, dotted):
    for part in dotted.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def subset(expected, actual):
    """True when every member of `expected` is in `actual` with an equal (recursively subset) value."""
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and subset(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(actual, list) and len(expected) == len(actual) and all(
            subset(e, a) for e, a in zip(expected, actual))
    return expected == actual


def check(expect, status, headers, body, elapsed_ms):
    """What in one answer differs from `expect`: status, reason (the status line's phrase), headers (exact; null =
    absent), headerMatches (regex), body (exact), json (JSON-equal), jsonSubset, jsonPaths ({dotted: value}),
    contains/notContains, bodyMatches, minMs/maxMs. An empty list is a pass."""
    problems = []
    text = body.decode("utf-8", "replace")
    if "status" in expect and status != expect["status"]:
        problems.append(f"status {status}, expected {expect['status']} (body {text[:160]!r})")
    if "reason" in expect and headers.get(":reason") != expect["reason"]:
        problems.append(f"reason phrase {headers.get(':reason')!r}, expected {expect['reason']!r}")
    for name, value in expect.get("headers", {}).items():
        got = headers.get(name.lower())
        if got != value:
            problems.append(f"header {name} {got!r}, expected {value!r}")
    for name, pattern in expect.get("headerMatches", {}).items():
        got = headers.get(name.lower())
        if got is None or not re.search(pattern, got):
            problems.append(f"header {name} {got!r} does not match {pattern!r}")
    if "body" in expect and text != expect["body"]:
        problems.append(f"body {text[:200]!r}, expected {expect['body'][:200]!r}")
    if "bodyMatches" in expect and not re.search(expect["bodyMatches"], text, re.S):
        problems.append(f"body {text[:200]!r} does not match {expect['bodyMatches']!r}")
    for needle in expect.get("contains", []):
        if needle not in text:
            problems.append(f"body {text[:200]!r} lacks {needle!r}")
    for needle in expect.get("notContains", []):
        if needle in text:
            problems.append(f"body {text[:200]!r} has {needle!r}")
    if any(k in expect for k in ("json", "jsonSubset", "jsonPaths")):
        try:
            document = json.loads(text)
        except ValueError:
            return problems + [f"body is not JSON: {text[:200]!r}"]
        if "json" in expect and document != expect["json"]:
            problems.append(f"JSON {text[:300]}, expected {json.dumps(expect['json'])[:300]}")
        if "jsonSubset" in expect and not subset(expect["jsonSubset"], document):
            problems.append(f"JSON {text[:300]} lacks {json.dumps(expect['jsonSubset'])[:300]}")
        for dotted, value in expect.get("jsonPaths", {}).items():
            try:
                got = dig(document, dotted)
            except (KeyError, IndexError, ValueError, TypeError):
                got = "<missing>"
            if got != value:
                problems.append(f"{dotted} is {json.dumps(got)[:120]}, expected {json.dumps(value)[:120]}")
    if "minMs" in expect and elapsed_ms < expect["minMs"]:
        problems.append(f"answered in {elapsed_ms:.0f} ms, expected at least {expect['minMs']}")
    if "maxMs" in expect and elapsed_ms > expect["maxMs"]:
        problems.append(f"answered in {elapsed_ms:.0f} ms, expected at most {expect['maxMs']}")
    return problems
