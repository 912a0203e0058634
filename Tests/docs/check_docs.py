#!/usr/bin/env python3
"""Runs or checks every fenced code block of the given Markdown pages, and checks their relative links.

Serves Tests/docs/docs_test.sh. A block's info string says what happens to it:

  ```lua                  run as a test file against the embedded simulator (exit 0 expected)
  ```lua app=FILE.lua     the same with --app FILE.lua (a file an earlier block of the page wrote)
  ```lua fails            run, and exit 1 (a failing test) expected
  ```lua again            run twice: the first run writes the screenshot baselines it checks and fails (exit 1),
                          the second compares with them and passes
  ```lua file=PATH        written to PATH in the page's scratch folder and compiled, not run
  ```lua fragment         compiled only (with fscript's own Lua: `load`), not run
  ```lua project          a project file: written as fscript.project.lua beside a one-step feature that
                          `fscript --dry-run` reads, so every key and value is checked
  ```gherkin / feature    run with the catalog and the step files the page wrote (steps alone get a Feature and
                          a Scenario around them); `fragment`: checked with --dry-run instead (every step defined)
  ```json                 parsed; a WireMock mapping (or {"mappings": [...]}) is loaded into the mock
                          (mock.start{mappings = …}); `file=PATH` writes it there too
  ```sh bash shell yaml   each fscript command line: its subcommand exists and every --flag is in that
                          subcommand's --help; each scripts/NAME exists (scripts/install's flags are checked too)
  ```ruby                 syntax-checked with `ruby -c` when Ruby is installed
  anything else           shown only

Each page gets its own scratch folder (the current folder of its blocks), so a block can use the files earlier
blocks of the same page wrote. Prints one line per failure and a summary line of counts; exit 1 on any failure.
"""

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([^`\s]*)(.*)$")
SUBCOMMANDS = ["run", "serve", "mock", "steps", "init", "merge-reports", "inspect", "record", "port",
               "show-trace", "help", "reference"]
SHELL_LANGS = {"sh", "bash", "shell", "console", "yaml", "yml"}
RUN_TIMEOUT = 60


class Checker:
    def __init__(self, binary, only=None):
        self.binary = binary
        self.only = only
        self.counts = {"executed": 0, "compiled": 0, "checked": 0, "shown": 0, "commands": 0, "links": 0}
        self.failures = []
        self.help_cache = {}

    def fail(self, where, message):
        self.failures.append(f"{where}: {message}")
        print(f"FAIL {where}: {message}", flush=True)

    # --- blocks -------------------------------------------------------------------------------------------------

    def blocks(self, path):
        """Yields (line, lang, words, body) for each fenced block; a block indented in a list loses its indent."""
        lines = open(path, encoding="utf-8").read().split("\n")
        i = 0
        while i < len(lines):
            m = FENCE.match(lines[i])
            if not m or (m.group(2)[0] == "`" and "`" in m.group(4)):
                i += 1
                continue
            indent, fence, lang, rest = len(m.group(1)), m.group(2), m.group(3), m.group(4)
            start = i + 1
            body = []
            i += 1
            while i < len(lines):
                stripped = lines[i].strip()
                if stripped.startswith(fence[0] * len(fence)) and stripped.strip(fence[0]) == "":
                    break
                line = lines[i]
                body.append(line[indent:] if line[:indent].strip() == "" else line.lstrip())
                i += 1
            i += 1
            yield start, lang.lower(), rest.split(), "\n".join(body) + "\n"

    def check_page(self, page):
        rel = os.path.relpath(page, ROOT)
        scratch = tempfile.mkdtemp(prefix="docs-")
        try:
            for n, (line, lang, words, body) in enumerate(self.blocks(page), 1):
                where = f"{rel}:{line}"
                opts = {w.split("=", 1)[0]: (w.split("=", 1)[1] if "=" in w else True) for w in words}
                if self.only and lang not in self.only:
                    continue
                if lang == "lua":
                    self.lua_block(where, n, opts, body, scratch)
                elif lang in ("gherkin", "feature", "cucumber"):
                    self.gherkin_block(where, n, opts, body, scratch)
                elif lang == "json":
                    self.json_block(where, n, opts, body, scratch)
                elif lang in SHELL_LANGS:
                    self.shell_block(rel, line, body)
                elif lang == "ruby" and shutil.which("ruby"):
                    self.ruby_block(where, n, body, scratch)
                else:
                    self.counts["shown"] += 1
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    def run(self, args, cwd, timeout=RUN_TIMEOUT):
        env = dict(os.environ)
        env.pop("FSCRIPT_TARGET", None)
        try:
            p = subprocess.run(args, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                               timeout=timeout)
            return p.returncode, p.stdout + p.stderr
        except subprocess.TimeoutExpired as e:
            out = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
            return 124, out + f"\n(no exit within {timeout} s)"

    @staticmethod
    def tail(output, lines=12):
        return "\n    " + "\n    ".join(output.rstrip().split("\n")[-lines:])

    def write(self, scratch, name, body):
        path = os.path.join(scratch, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(body)
        return path

    def compile_lua(self, where, path, scratch):
        code = "local f, e = loadfile([==[%s]==]); if not f then io.stderr:write(e, '\\n'); os.exit(1) end" % path
        status, out = self.run([self.binary, "-e", code], scratch)
        if status != 0:
            self.fail(where, "lua block does not compile:" + self.tail(out))
        else:
            self.counts["compiled"] += 1

    def lua_block(self, where, n, opts, body, scratch):
        if "file" in opts:
            self.compile_lua(where, self.write(scratch, opts["file"], body), scratch)
            return
        if "fragment" in opts:
            self.compile_lua(where, self.write(scratch, f"_fragment_{n}.lua", body), scratch)
            return
        if "project" in opts:
            folder = os.path.join(scratch, f"_project_{n}")
            self.write(folder, "fscript.project.lua", body)
            self.write(folder, "check.feature", "Feature: f\n  Scenario: s\n    Given the app uses a mock backend\n")
            status, out = self.run([self.binary, "--dry-run", "check.feature"], folder)
            if status != 0:
                self.fail(where, f"project file refused (exit {status}):" + self.tail(out))
            else:
                self.counts["checked"] += 1
            return
        name = f"docs_block_{n}.lua"
        self.write(scratch, name, body)
        args = [self.binary]
        if "app" in opts:
            args += ["--app", opts["app"]]
        if "again" in opts:
            status, out = self.run(args + [name], scratch)
            if status != 1 or "no baseline" not in out:
                self.fail(where, f"lua block's first run exited {status}, expected 1 writing its baselines:"
                          + self.tail(out))
                return
        status, out = self.run(args + [name], scratch)
        want = 1 if "fails" in opts else 0
        if status != want:
            self.fail(where, f"lua block exited {status}, expected {want}:" + self.tail(out))
        else:
            self.counts["executed"] += 1

    def gherkin_block(self, where, n, opts, body, scratch):
        if not re.search(r"^\s*(Feature|Funktionalität|功能):", body, re.M):
            body = "Feature: a block of the docs\n  Scenario: the block\n" + "".join(
                "    " + l + "\n" for l in body.strip("\n").split("\n"))
        name = opts.get("file", f"docs_block_{n}.feature")
        self.write(scratch, name, body)
        args = [self.binary] + (["--app", opts["app"]] if "app" in opts else [])
        if "fragment" in opts:
            status, out = self.run(args + ["--dry-run", name], scratch)
            key = "checked"
        else:
            status, out = self.run(args + [name], scratch)
            key = "executed"
        if status != 0:
            self.fail(where, f"gherkin block exited {status}:" + self.tail(out))
        else:
            self.counts[key] += 1

    def json_block(self, where, n, opts, body, scratch):
        try:
            doc = json.loads(body)
        except json.JSONDecodeError as e:
            self.fail(where, f"json block does not parse: {e}")
            return
        is_mapping = isinstance(doc, dict) and (("request" in doc and "response" in doc) or "mappings" in doc)
        if "file" in opts:
            self.write(scratch, opts["file"], body)
        if not is_mapping:
            self.counts["checked"] += 1
            return
        root = os.path.join(scratch, f"_mock_{n}")
        self.write(root, "mappings/mapping.json", body)
        status, out = self.run([self.binary, "-e", "mock.start{mappings = [==[%s]==]}:stop()" % root], scratch)
        if status != 0:
            self.fail(where, "mapping does not load into the mock:" + self.tail(out))
        else:
            self.counts["executed"] += 1

    def ruby_block(self, where, n, body, scratch):
        status, out = self.run(["ruby", "-c", self.write(scratch, f"_block_{n}.rb", body)], scratch)
        if status != 0:
            self.fail(where, "ruby block does not parse:" + self.tail(out))
        else:
            self.counts["checked"] += 1

    # --- command lines ------------------------------------------------------------------------------------------

    def help_flags(self, sub):
        """The options `fscript SUB --help` lists (`fscript help run` for the default command)."""
        if sub not in self.help_cache:
            args = [self.binary, "help", "run"] if sub == "run" else [self.binary, sub, "--help"]
            status, out = self.run(args, ROOT, timeout=30)
            self.help_cache[sub] = set(re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z])(?![\w-])", out))
        return self.help_cache[sub]

    def shell_block(self, rel, fence_line, body):
        ok = True
        for offset, line in enumerate(body.split("\n")):
            where = f"{rel}:{fence_line + 1 + offset}"
            line = re.sub(r"^\s*(\$|-\s+run:|run:|script:|-)\s+", "", line)
            for m in re.finditer(r"(?:^|(?<=[\s;&|(\"'\[/]))(fscript|scripts/[\w-]+)(?=\s|$|\")", line):
                ok = self.command(where, m.group(1), line[m.end():]) and ok
        self.counts["checked" if ok else "shown"] += 1

    def tokens(self, text):
        lexer = shlex.shlex(text, posix=True, punctuation_chars=";&|<>()")
        lexer.whitespace_split = True
        lexer.commenters = "#"
        out = []
        try:
            for token in lexer:
                if token and set(token) <= set(";&|<>()"):
                    break
                out.append(token)
        except ValueError:  # an unbalanced quote in a YAML line: read up to it
            out = text.split("#")[0].split()
        return out

    def command(self, where, program, rest):
        self.counts["commands"] += 1
        args = self.tokens(rest)
        if program.startswith("scripts/"):
            if not os.access(os.path.join(ROOT, program), os.X_OK):
                self.fail(where, f"{program}: no such script")
                return False
            if program == "scripts/install":
                known = set(re.findall(r"--[a-z-]+", self.run([os.path.join(ROOT, program), "--help"], ROOT)[1]))
                for a in args:
                    if a.startswith("--") and a.split("=")[0] not in known:
                        self.fail(where, f"scripts/install has no option {a}")
                        return False
            return True
        sub = args[0] if args and args[0] in SUBCOMMANDS else "run"
        if args and args[0] in SUBCOMMANDS:
            args = args[1:]
        if sub == "help":
            if args and args[0] not in SUBCOMMANDS:
                self.fail(where, f"fscript help {args[0]}: no such subcommand")
                return False
            return True
        known = self.help_flags(sub)
        for a in args:
            if a == "--":
                break
            if re.match(r"^--?[A-Za-z]", a):
                flag = a.split("=", 1)[0]
                if flag not in known:
                    self.fail(where, f"fscript {sub}: no option {flag} (fscript {sub} --help)")
                    return False
        return True

    # --- links --------------------------------------------------------------------------------------------------

    @staticmethod
    def prose(path):
        """(line number, text) of the page's lines outside fenced blocks, inline code removed."""
        text, fenced, fence = [], False, ""
        for number, line in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
            m = FENCE.match(line)
            if m and not fenced and not (m.group(2)[0] == "`" and "`" in m.group(4)):
                fenced, fence = True, m.group(2)
                continue
            if fenced:
                if line.strip().startswith(fence) and line.strip().strip(fence[0]) == "":
                    fenced = False
                continue
            text.append((number, re.sub(r"(`+)(?:(?!\1).)+?\1", "", line)))
        return text

    def anchors_with_code(self, path):
        """Heading slugs, counting inline code's text (GitHub keeps it, minus the backticks)."""
        seen, out, fenced, fence = {}, set(), False, ""
        for line in open(path, encoding="utf-8").read().split("\n"):
            m = FENCE.match(line)
            if m and not fenced and not (m.group(2)[0] == "`" and "`" in m.group(4)):
                fenced, fence = True, m.group(2)
                continue
            if fenced:
                if line.strip().startswith(fence) and line.strip().strip(fence[0]) == "":
                    fenced = False
                continue
            h = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if not h:
                continue
            slug = re.sub(r"[^\w\- ]", "", h.group(1).lower()).replace(" ", "-")
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            out.add(slug if count == 0 else f"{slug}-{count}")
        return out

    def check_links(self, page):
        rel = os.path.relpath(page, ROOT)
        for number, line in self.prose(page):
            for m in re.finditer(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)", line):
                target = m.group(1)
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue
                self.counts["links"] += 1
                file_part, _, anchor = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(page), file_part)) if file_part else page
                if not os.path.exists(dest):
                    self.fail(f"{rel}:{number}", f"link {target}: no such file {os.path.relpath(dest, ROOT)}")
                    continue
                if anchor and dest.endswith(".md") and anchor not in self.anchors_with_code(dest):
                    self.fail(f"{rel}:{number}", f"link {target}: no heading #{anchor} in {os.path.relpath(dest, ROOT)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pages", nargs="+")
    parser.add_argument("--bin", default=os.environ.get("FSCRIPT_BIN", os.path.join(ROOT, ".build/debug/fscript")))
    parser.add_argument("--only", help="comma-separated block languages to check (and no links)")
    parser.add_argument("--links", nargs="*", default=[], help="pages whose links alone are checked (generated ones)")
    args = parser.parse_args()
    checker = Checker(os.path.abspath(args.bin), set(args.only.split(",")) if args.only else None)
    for page in args.pages:
        page = os.path.abspath(page)
        checker.check_page(page)
        if not args.only:
            checker.check_links(page)
    for page in args.links:
        checker.check_links(os.path.abspath(page))
    c = checker.counts
    print(f"docs: {len(args.pages)} pages (and the links of {len(args.links)}), {c['executed']} blocks executed, {c['compiled']} compiled, "
          f"{c['checked']} checked ({c['commands']} command lines), {c['shown']} shown only; {c['links']} links "
          f"checked; {len(checker.failures)} failed")
    return 1 if checker.failures else 0


if __name__ == "__main__":
    sys.exit(main())
