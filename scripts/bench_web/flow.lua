-- scripts/bench web, fscript's side: the same flow as selenium_flow.py on the example app (scripts/web/groceries),
-- FLOWS times, each from a freshly loaded page. Prints one JSON line: seconds per flow and per operation.
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
  op(function() assert(app:map("view marked:'Items sync'", "FEX_isVisible")[1] == true) end)
  op(app.touch, app, "button marked:'Remove Item " .. round .. "-1'")
  op(app.touch, app, "alertView button marked:'OK'")
  op(function() assert(app:lookup("view marked:'Remove Item " .. round .. "-1'"):count() == 0) end)
  local _ = t0
end
print(("{\"tool\": \"fscript\", \"flows\": %d, \"operations\": %d, \"seconds_per_flow\": %.4f, \"ms_per_operation\": %.2f}")
  :format(flows, ops, spent / flows, spent / ops * 1000))
