-- Spec: a stub's webhook (WireMock 3's serveEventListeners) from one mock reaches a second one, templated from the
-- request the stub answered and sent after its delay; the test waits on the second mock (wait_for_request), not
-- on a clock.
local here = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
package.path = here .. "../../stdlib/?.lua;" .. here .. "?.lua;" .. package.path
local check = require("fixtures.check")

local receiver = mock.start{}
receiver:stub{ method = "POST", path = "/hooks/42" }

-- The sender's mapping, written here so the spec has no JSON fixture without a comment.
local dir = os.tmpname()
os.remove(dir)
check.equal(true, fscript.mkdir(dir .. "/mappings"), "fscript.mkdir -p")
local f = assert(io.open(dir .. "/mappings/order.json", "w"))
f:write(([[
{"request": {"method": "POST", "urlPath": "/orders"},
 "response": {"status": 202},
 "serveEventListeners": [{"name": "webhook", "parameters": {
   "method": "POST", "url": "%s/hooks/{{jsonPath originalRequest.body '$.id'}}",
   "headers": {"X-From": "{{originalRequest.method}} {{originalRequest.path}}"},
   "body": "order {{jsonPath originalRequest.body '$.id'}} paid",
   "delay": {"type": "fixed", "milliseconds": 100}}}]}
]]):format(receiver.url))
f:close()
local sender = mock.start{ mappings = dir }

local started = fscript.clock()
local curl = "curl -s -o /dev/null -w '%%{http_code}' -d '{\"id\": 42}' %s/orders"
local pipe = assert(io.popen(curl:format(sender.url)))
check.equal("202", pipe:read("a"), "the stub answers at once")
pipe:close()
local hook = receiver:wait_for_request{ method = "POST", path = "/hooks/42", timeout = 10 }
check.equal("order 42 paid", hook.body, "the body is templated from the original request")
check.equal("POST /orders", hook.headers["x-from"], "so is a header")
check.truthy(fscript.clock() - started >= 0.1, "not before its delay")

sender:stop()
receiver:stop()
os.remove(dir .. "/mappings/order.json")
os.remove(dir .. "/mappings")
os.remove(dir)
check.finish("mock_webhook_spec")
