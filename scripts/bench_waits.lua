-- Benchmarks waits (scripts/bench waits): `WAITS_MODE=idle|latency WAITS_TRIALS=N fscript [--target URL |
-- --app scripts/bench_apps/waits.lua] -e "dofile('scripts/bench_waits.lua')"`, with the app's BACKEND_URL set to
-- a mock that answers GET /slow after 50 ms.
--   idle:    a 5 s wait_for that never succeeds; prints the CPU seconds this process used meanwhile (for the
--            embedded simulator that includes the simulator, which runs in this process).
--   latency: TRIALS (default 50) times, a UI change the wait cannot predict (an animation ending 50 ms after a
--            touch, or a mock answering 50 ms after the request) and the time from that change to the wait
--            returning; prints p50 and p95 in ms for each.
local mode = os.getenv("WAITS_MODE") or "latency"
local trials = math.tointeger(tonumber(os.getenv("WAITS_TRIALS") or "")) or 50
local clock = fscript.clock

if mode == "idle" then
  local cpu = os.clock()
  local ok = pcall(app.wait_for, app, "label marked:'never there'", { timeout = 5 })
  assert(not ok, "the wait should not succeed")
  print(string.format("%.3f", os.clock() - cpu))
  return
end

local function percentile(list, p)
  table.sort(list)
  return list[math.max(1, math.ceil(#list * p))]
end

local function measure(button)
  local lags = {}
  for _ = 1, trials do
    app:touch("button marked:'Clear'")
    app:wait_for("label marked:'idle'")
    local touched = clock()
    app:touch("button marked:'" .. button .. "'")
    app:wait_for("label marked:'done'", { timeout = 2 })
    -- The change itself happens 50 ms after the touch (the animation's length, the mock's delay).
    lags[#lags + 1] = (clock() - touched - 0.05) * 1000
  end
  return percentile(lags, 0.5), percentile(lags, 0.95)
end

local a50, a95 = measure("Animate")
local m50, m95 = measure("Fetch")
print(string.format("%.2f %.2f %.2f %.2f", a50, a95, m50, m95))
