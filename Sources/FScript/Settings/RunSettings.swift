import Frankly

/// The run settings: each one is declared here once, and only here.
///
/// A setting listed here is a flag of `fscript run`, a key of `fscript.project.lua`, part of every worker's
/// command line, and (when `reachesLua`) a field of the Lua runner's options table, without more code.
/// `RunSettingsTests` checks the Lua side (`stdlib/fscript/run/settings.lua`, the `fscript.RunOptions` annotation)
/// against this list. Modes of one invocation (`--jobs`, `--shard`, `--dry-run`) and settings with merge rules
/// of their own (`--target`, `--app`, `--env`, `--report`) stay `RunCommand` options.
extension RunSetting {
    static let tags = RunSetting(
        "tags", .text, valueName: "tags",
        help: "Run only scenarios whose tags match a cucumber tag expression (@smoke and not @slow) or a list "
            + "(smoke,~slow: a comma means or, ~ excludes). A filter that selects nothing is an error (exit 2).",
        reachesLua: true)
    static let timeout = RunSetting(
        "timeout", .seconds(atMost: Seconds.maximum), valueName: "seconds",
        help: "Seconds a whole test may take before it is stopped.", default: .constant(60),
        environment: "FSCRIPT_TIMEOUT", reachesLua: true)
    static let wait = RunSetting(
        "wait", .seconds(atMost: 3600), valueName: "seconds",
        help: "Seconds a wait inside a step waits (config.set{wait = …} in a script).", default: .constant(2),
        reachesLua: true)
    static let validation = RunSetting(
        "validation", .seconds(atMost: 3600), valueName: "seconds",
        help: "Seconds an assertion step retries before it fails.", default: .constant(2), reachesLua: true)
    static let artifacts = RunSetting(
        "artifacts", .path, valueName: "dir",
        help: "Folder for failure artifacts (view dump, screenshot); default fscript-artifacts.", reachesLua: true)
    static let updateSnapshots = RunSetting(
        "update_snapshots", .toggle(setting: true),
        help: "Write every screenshot baseline the run checks (app:expect_screenshot, 'the screen should match the "
            + "baseline') from the screen instead of comparing; without it a missing baseline is written and fails.",
        default: .boolean(false), reachesLua: true)
    static let reset = RunSetting(
        "reset", flag: "--no-reset", .toggle(setting: false),
        help: "Let scenarios share the app instead of starting each from a freshly launched one.",
        default: .boolean(true), reachesLua: true)
    static let strict = RunSetting(
        "strict", .toggle(setting: true),
        help: "Refuse .feature files with Gherkin warnings (a description line starting 'The' or 'An', read as text "
            + "though it looks like 'Then' or 'And'); without it they run and the warnings go to standard error.",
        default: .boolean(false), reachesLua: true)
    static let lenient = RunSetting(
        "lenient", flag: "--no-strict", .toggle(setting: true),
        help: "Let pending and undefined steps pass the run, as cucumber's --no-strict does; by default they fail "
            + "it (exit 1), as in cucumber-js. Skipped steps never fail a run.",
        default: .boolean(false), reachesLua: true)
    static let retry = RunSetting(
        "retry", .count(atMost: 100), valueName: "n",
        help: "Run a failed scenario again up to n times, as cucumber's --retry: each attempt is reported, the last "
            + "decides, and one that passes after a failure is marked flaky (the run passes).",
        reachesLua: true)
    static let scenarioName = RunSetting(
        "name", .text, valueName: "regex",
        help: "Run only scenarios whose name matches a regular expression (ICU syntax, anywhere in the name), as "
            + "cucumber's --name does. FILE:LINE arguments select the scenario, Examples row or step at that line. "
            + "A --name or FILE:LINE that selects nothing is an error (exit 2), as a tag filter is.",
        reachesLua: true)
    static let failFast = RunSetting(
        "fail_fast", .toggle(setting: true),
        help: "Stop at the first failed scenario, as cucumber's --fail-fast does: the rest are reported as skipped "
            + "(not run). A serial run's setting: it does not combine with --jobs.",
        default: .boolean(false), reachesLua: true)
    static let order = RunSetting(
        "order", .text, valueName: "order",
        help: "The order scenarios run in, as cucumber's --order: defined (as written), reverse, random or "
            + "random:SEED (files shuffled, then the scenarios in each; a random run prints its seed). "
            + "With --jobs or --shard the run and its reports keep the same order.",
        reachesLua: true)
    static let trace = RunSetting(
        "trace", .choice(["on", "off", "retain-on-failure"]), valueName: "mode",
        help: "Record a trace of every scenario (each step's pictures and view tree before and after, the requests "
            + "the app sent to the mocks, what it logged) into ARTIFACTS/FILE/SCENARIO/trace.html, one file that "
            + "opens offline (fscript show-trace FILE): on keeps every trace, retain-on-failure only a failed "
            + "scenario's, off records none.",
        default: .text("retain-on-failure"), reachesLua: true)
    static let screenshots = RunSetting(
        "screenshots", .choice(["off", "every-step"]), valueName: "when",
        help: "every-step keeps a picture after each step of every scenario, passing ones too, shown as a filmstrip "
            + "in the HTML report; off keeps only the failure picture.",
        default: .text("off"), reachesLua: true)
    static let launch = RunSetting(
        "launch", .text, valueName: "command",
        help: "A shell command that launches the app under test (a real app: xcrun simctl launch …), run before each "
            + "scenario with the launch environment exported; fscript then waits until the target answers.")
    static let resetExec = RunSetting(
        "reset_exec", .text, valueName: "method", help: "An app_exec method that resets a real app between scenarios.")
    static let requestTimeout = RunSetting(
        "request_timeout", .seconds(atMost: 3600), valueName: "seconds",
        help: "Seconds one request to the target may take.", default: .constant(FranklyClient.defaultTimeout))
    static let pollInterval = RunSetting(
        "poll_interval", .seconds(atMost: 60), valueName: "seconds",
        help: "Seconds between two checks of a wait on a target without fscript's change feed.",
        default: .constant(0.01))
    static let advertiseHost = RunSetting(
        "advertise_host", .text, valueName: "host",
        help: "The address a device reaches this machine by: the host in the URL of a mock bound beyond loopback "
            + "(mock.start{host = \"0.0.0.0\"}).")

    /// Every run setting, in the order help and worker command lines list them.
    static let web = RunSetting(
        "web", .path, valueName: "url",
        help: "Drive a web page instead of an app: fscript starts headless Chromium through chromedriver, opens the "
            + "URL (or serves a local folder or .html file on 127.0.0.1 and opens that), and every scenario starts "
            + "from a fresh page (cookies and storage cleared). --jobs N is N browsers.")
    static let webBackend = RunSetting(
        "web_backend", .text, valueName: "origin",
        help: "The origin the web page calls its backend at (https://api.example.com): the page's requests there go "
            + "to the scenario's mock backend (BACKEND_URL) when it has one.")
    static let webProxy = RunSetting(
        "web_proxy", .toggle(setting: true),
        help: "Start the web target's Chromium with fscript's browser proxy, so a scenario's mock answers the page's "
            + "requests to any origin, http and https (mock.start{} is then a browser proxy: stubs match host); "
            + "without a mock the proxy answers 502. Loopback requests go direct. Only with --web.",
        default: .boolean(false))
    static let capabilities = RunSetting(
        "capabilities", .path, valueName: "file",
        help: "A JSON file of W3C capabilities for --target webdriver:URL (a Selenium Grid, Appium, chromedriver), "
            + "passed to the new session as they are.")
    static let all: [RunSetting] = [
        tags, timeout, wait, validation, artifacts, updateSnapshots, reset, strict, lenient, retry, scenarioName,
        failFast, order, trace, screenshots, launch,
        resetExec, requestTimeout, pollInterval, advertiseHost, web, webBackend, webProxy, capabilities,
    ]
}

extension SettingValue {
    /// A default number of seconds written in a declaration above, in range by reading, so checking it cannot fail.
    fileprivate static func constant(_ seconds: Double) -> SettingValue {
        .seconds(try! Seconds(seconds))
    }
}
