-- Benchmarks the frank bindings against the embedded simulator: per-operation latency (p50, p95, p99 over N
-- calls, default 1000) over kept-alive connections, beside the same operation with a new TCP connection per
-- request. Run by scripts/bench (its last section): `fscript scripts/bench_frank.lua [N]`. Exits 1 when a goal is missed.
local n = math.tointeger(tonumber(arg and arg[1] or "")) or 1000
local clock = fscript.clock

local kept = app
local fresh = frank.connect(kept.url, { reuse = false })
-- The demo's home screen: log in once (fake backend), then wait for its items.
kept:type_into("textField marked:'User name'", "bench")
kept:type_into("textField marked:'Password'", "secret")
kept:touch("button marked:'Log In'")
kept:wait_for("label text:'Welcome, bench'")
kept:wait_for_idle({ timeout = 5 })

-- The first row is a reference, not a goal: GET /version, a round trip with nothing to do, shows what the
-- connection alone costs either way on this machine, and so the best speedup any operation could reach.
local operations = {
  { "version (reference)", function(a) a:version() end, reference = true },
  { "map", function(a) a:map("tableViewCell", "accessibilityLabel") end },
  { "touch", function(a) a:touch("label text:'Welcome, bench'") end },
  { "dump", function(a) a:dump() end },
  { "lookup (2 levels)", function(a) a:lookup("tableView"):lookup("tableViewCell"):count() end },
  { "wait_for (present)", function(a) a:wait_for("tableViewCell label text:'Bread'") end },
}

local function measure(target, operation)
  for _ = 1, 50 do operation(target) end
  local times = {}
  for i = 1, n do
    local started = clock()
    operation(target)
    times[i] = clock() - started
  end
  table.sort(times)
  local function at(q) return times[math.max(1, math.ceil(q * n))] * 1e6 end
  return { at(0.5), at(0.95), at(0.99) }
end

print(("frank bindings, %d calls each, µs (kept-alive connection | new connection per request)"):format(n))
print(("%-20s %8s %8s %8s | %8s %8s %8s %7s"):format("operation", "p50", "p95", "p99", "p50", "p95", "p99", "speedup"))
local missed = {}
for _, entry in ipairs(operations) do
  local name, operation = entry[1], entry[2]
  local k, f = measure(kept, operation), measure(fresh, operation)
  local speedup = f[1] / k[1]
  print(("%-20s %8.0f %8.0f %8.0f | %8.0f %8.0f %8.0f %6.1fx"):format(name, k[1], k[2], k[3], f[1], f[2], f[3], speedup))
  if not entry.reference and speedup < 5 then missed[#missed + 1] = ("%s is only %.1fx faster than a new connection (goal 5x)"):format(name, speedup) end
  if name == "map" and k[1] > 150 then missed[#missed + 1] = ("map p50 is %.0f µs (goal ≤ 150 µs)"):format(k[1]) end
end
if #missed > 0 then
  for _, line in ipairs(missed) do io.stderr:write("goal missed: ", line, "\n") end
  os.exit(1)
end
print("goals met: map p50 ≤ 150 µs, every operation ≥ 5x faster than a new connection per request")
