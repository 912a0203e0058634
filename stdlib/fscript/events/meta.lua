---The `meta` envelope of a Cucumber Messages stream: who wrote it (fscript, its Lua), on what machine and, when the
---environment names one, under which CI system, as cucumber's ci-environment detects the common ones. Apart from
---`fscript.report.message` because it reads the environment and the host, not the run.
local util = require("fscript.util")

local M = {}

local function command(cmd)
  local ok, handle = pcall(io.popen, cmd)
  if not ok or not handle then return nil end
  local out = handle:read("a")
  handle:close()
  out = out and util.trim(out) or ""
  return out ~= "" and out or nil
end

-- The CI system the environment names, as cucumber's ci-environment detects the common ones.
local function ci()
  local env = os.getenv
  if env("GITHUB_ACTIONS") == "true" then
    local server = env("GITHUB_SERVER_URL") or "https://github.com"
    local repo, run_id = env("GITHUB_REPOSITORY"), env("GITHUB_RUN_ID")
    return { name = "GitHub Actions",
      url = repo and run_id and ("%s/%s/actions/runs/%s"):format(server, repo, run_id) or nil,
      buildNumber = run_id, git = env("GITHUB_SHA") and { remote = repo and ("%s/%s.git"):format(server, repo) or nil,
        revision = env("GITHUB_SHA"), branch = env("GITHUB_REF_NAME") } or nil }
  elseif env("GITLAB_CI") == "true" then
    return { name = "GitLab", url = env("CI_PIPELINE_URL"), buildNumber = env("CI_PIPELINE_ID"),
      git = env("CI_COMMIT_SHA") and { remote = env("CI_REPOSITORY_URL"), revision = env("CI_COMMIT_SHA"),
        branch = env("CI_COMMIT_REF_NAME"), tag = env("CI_COMMIT_TAG") } or nil }
  elseif env("JENKINS_URL") then
    return { name = "Jenkins", url = env("BUILD_URL"), buildNumber = env("BUILD_NUMBER"),
      git = env("GIT_COMMIT") and { remote = env("GIT_URL"), revision = env("GIT_COMMIT"), branch = env("GIT_BRANCH") }
        or nil }
  end
  return nil
end

---The meta envelope's body for a stream of the given protocol version.
---@param protocol_version string
---@return table
function M.meta(protocol_version)
  local host = util.host()
  local m = { protocolVersion = protocol_version,
    implementation = { name = "fscript", version = host.version or "unknown" },
    runtime = { name = "Lua", version = (_VERSION:match("[%d.]+")) or _VERSION },
    os = { name = (command("uname -s 2>/dev/null") or "unknown"):lower(), version = command("uname -r 2>/dev/null") },
    cpu = { name = command("uname -m 2>/dev/null") or "unknown" } }
  m.ci = ci()
  return m
end

return M
