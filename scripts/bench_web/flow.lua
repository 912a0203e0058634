-- scripts/bench web, fscript's side: the same flow as selenium_flow.py on the example app (scripts/web/groceries),
-- FLOWS times, each from a freshly loaded page. Prints one JSON line: seconds per flow and per operation. Where
-- the page changes after an action (the tip after a hover, the row after its removal) both sides wait for it.
local flows = tonumber(os.getenv("BENCH_WEB_FLOWS") or "10")
local clock = fscript.clock
local ops, spent = 0, 0
local function op(fn, ...)
  local t0 = clock()
  fn(...)
  spent = spent + (clock() - t0)
  ops = ops + 1
end
for round = 1, flows do
  app:open("index.html")
  app:wait_for("button marked:'Add'")
  -- The page's own load (its backend call, which fails offline, then a render) is over before the timing starts.
  app:wait_for_absence("view marked:'Loading' FEX_isVisible", {timeout = 30})
  local t0 = clock()
  for i = 1, 3 do
    op(app.type_into, app, "textField placeholder:'What do you need?'", "Item " .. round .. "-" .. i)
    op(app.press, app, "Enter")
  end
  op(app.touch, app, "view:'UISwitch' marked:'Bought Item " .. round .. "-2'")
  local left
  op(function() left = app:lookup("label marked:'items left'"):texts()[1] end)
  assert(left == "2 items left", "read " .. tostring(left))
  op(app.hover, app, "view marked:'?'")
  op(app.wait_for, app, "view marked:'Items sync' FEX_isVisible")
  op(app.touch, app, "button marked:'Remove Item " .. round .. "-1'")
  op(app.touch, app, "alertView button marked:'OK'")
  op(app.wait_for_absence, app, "view marked:'Remove Item " .. round .. "-1'")
  local _ = t0
end
print(("{\"tool\": \"fscript\", \"flows\": %d, \"operations\": %d, \"seconds_per_flow\": %.4f, \"ms_per_operation\": %.2f}")
  :format(flows, ops, spent / flows, spent / ops * 1000))
